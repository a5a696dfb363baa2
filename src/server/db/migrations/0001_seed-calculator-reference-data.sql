-- §3: the built-in formula templates and the default repair catalog.
-- Kept equal to src/domain (offer/built-in-templates.ts, repairs/repair-catalog.ts) by seed-data.test.ts.
INSERT INTO "formula_templates" ("name", "description", "arv_multiplier", "repair_multiplier", "min_profit", "max_profit") VALUES
  ('Standard Wholesale', 'Offers 70% of market value minus repairs, keeping $5,000 to $20,000 profit.', 0.7, 1, 5000, 20000),
  ('Aggressive Investor', 'Offers 60% of market value minus repairs, keeping $10,000 to $30,000 profit.', 0.6, 1, 10000, 30000),
  ('Light Rehab', 'Offers 75% of market value minus 80% of repairs, keeping $3,000 to $15,000 profit.', 0.75, 0.8, 3000, 15000),
  ('Fix & Flip', 'Offers 80% of market value minus 120% of repairs, keeping $15,000 to $40,000 profit.', 0.8, 1.2, 15000, 40000),
  ('Buy & Hold', 'Offers 85% of market value minus repairs, keeping $5,000 to $15,000 profit.', 0.85, 1, 5000, 15000)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "repair_catalog" ("name", "description", "min_cost", "max_cost", "position") VALUES
  ('New Roof', 'Tear-off and replacement of the whole roof', 7000, 15000, 1),
  ('Kitchen Remodel', 'Cabinets, counters, appliances and fixtures', 10000, 25000, 2),
  ('Bathroom Remodel', 'Vanity, toilet, tub or shower and tile', 6000, 15000, 3),
  ('HVAC Replacement', 'New furnace and air-conditioning system', 5000, 12000, 4),
  ('Flooring', 'New flooring through the main living areas', 3000, 8000, 5),
  ('Paint & Sheetrock', 'Drywall repair and interior paint', 4000, 10000, 6),
  ('Plumbing/Electrical', 'Repairs or updates to pipes, wiring and panel', 5000, 15000, 7)
ON CONFLICT ("name") DO NOTHING;
