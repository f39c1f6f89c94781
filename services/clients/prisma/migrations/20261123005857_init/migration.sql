-- CreateSchema

-- CreateTable
CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "trace_parent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handled_event" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "handled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "handled_event_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateTable
CREATE TABLE "organisation" (
    "uuid" UUID NOT NULL,
    "id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organisation_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "client" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "relationship_manager" TEXT NOT NULL DEFAULT '',
    "type" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "annual_exemption" DECIMAL(20,2),
    "brought_forward_loss" DECIMAL(20,2),
    "unused_brought_forward_loss" DECIMAL(20,2),
    "annual_exemption_remaining" DECIMAL(20,2),
    "market_value" DECIMAL(20,2),
    "ytd_capital_gain_loss" DECIMAL(20,2),
    "ytd_income_gain" DECIMAL(20,2),
    "ytd_exempt_gain_loss" DECIMAL(20,2),
    "ytd_holdover_relief_gain" DECIMAL(20,2),
    "ytd_clogged_loss" DECIMAL(20,2),
    "unrealised_capital_gain_loss" DECIMAL(20,2),
    "unrealised_income_gain" DECIMAL(20,2),
    "unrealised_exempt_gain_loss" DECIMAL(20,2),
    "indexation" DECIMAL(20,2),
    "used_indexation" DECIMAL(20,2),
    "holding_breaks" INTEGER NOT NULL DEFAULT 0,
    "calculation_failures" INTEGER NOT NULL DEFAULT 0,
    "income_pending" BOOLEAN NOT NULL DEFAULT false,
    "cost_update_pending" BOOLEAN NOT NULL DEFAULT false,
    "thirty_day_disposal_counter" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "client_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_event_published_at_created_at_idx" ON "outbox_event"("published_at", "created_at");

-- CreateIndex
CREATE INDEX "organisation_code_idx" ON "organisation"("code");

-- CreateIndex
CREATE UNIQUE INDEX "client_uuid_key" ON "client"("uuid");

-- CreateIndex
CREATE INDEX "client_organisation_uuid_state_idx" ON "client"("organisation_uuid", "state");

-- CreateIndex
CREATE INDEX "client_organisation_uuid_name_idx" ON "client"("organisation_uuid", "name");

-- CreateIndex
CREATE UNIQUE INDEX "client_organisation_uuid_code_key" ON "client"("organisation_uuid", "code");
