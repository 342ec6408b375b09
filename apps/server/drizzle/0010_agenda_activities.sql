CREATE TABLE "agenda_activities" (
	"agenda_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"enable_show" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_activities_agenda_id_activity_id_pk" PRIMARY KEY("agenda_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "agenda_activities" ADD CONSTRAINT "agenda_activities_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_activities" ADD CONSTRAINT "agenda_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_activities_activity_idx" ON "agenda_activities" USING btree ("activity_id");