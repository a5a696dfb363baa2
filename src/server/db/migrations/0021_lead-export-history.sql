-- Issue 26 §5: an export of a lead (kind 'export', a text column without a check) says where it went.
ALTER TABLE "lead_events" ADD COLUMN "exported_to" text;
