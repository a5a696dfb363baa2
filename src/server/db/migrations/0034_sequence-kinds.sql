-- A workspace's own sequences, one per kind (issue 42 §3): the one kept so far is its first-offer sequence.
ALTER TABLE "follow_up_sequences" ADD COLUMN "kind" text DEFAULT 'first-offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_sequences" DROP CONSTRAINT "follow_up_sequences_pkey";--> statement-breakpoint
ALTER TABLE "follow_up_sequences" ADD CONSTRAINT "follow_up_sequences_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind");
