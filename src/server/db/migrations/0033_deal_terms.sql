CREATE TABLE "deal_terms" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"contract_price" numeric(14, 2),
	"contract_date" date,
	"closing_date" date,
	"title_company" text DEFAULT '' NOT NULL,
	"earnest_money" numeric(14, 2),
	"amount_received" numeric(14, 2),
	"closed_on" date,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_terms" ADD CONSTRAINT "deal_terms_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD CONSTRAINT "deal_terms_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_terms_workspace_closed_idx" ON "deal_terms" USING btree ("workspace_id","closed_on");