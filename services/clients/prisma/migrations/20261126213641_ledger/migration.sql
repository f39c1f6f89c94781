-- AlterTable
ALTER TABLE "client" ADD COLUMN     "client_portal_report" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "company" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "country_of_domicile" TEXT NOT NULL DEFAULT 'GB',
ADD COLUMN     "country_of_residence" TEXT NOT NULL DEFAULT 'GB',
ADD COLUMN     "created_by" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "crs_reporting" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "date_deceased" DATE,
ADD COLUMN     "date_of_birth" DATE,
ADD COLUMN     "deceased" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "deceased_representative" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "electronic_report" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "end_date" DATE,
ADD COLUMN     "family_group" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "fatca_reporting" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "first_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "gia_executors_portfolio_added" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ims_code" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "isa_reporting" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "middle_names" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "mobile" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "ni_number" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "notes" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "override_report_type_mapping" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paperless_report" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "printed_report" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "probate_completed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "probate_completed_date" DATE,
ADD COLUMN     "relationship_manager_code" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "report_type_mappings" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "reporting_frequency" TEXT NOT NULL DEFAULT 'ANNUAL',
ADD COLUMN     "reporting_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "reporting_restriction_from" DATE,
ADD COLUMN     "salutation" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "service_level" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "surname" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "telephone" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "unique_tax_payer_reference" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "updated_by" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "year_end_input" TEXT,
ADD COLUMN     "year_end_override" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "address" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "client_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL DEFAULT '',
    "type_code" TEXT NOT NULL DEFAULT 'HOME',
    "ou_code" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "line1" TEXT NOT NULL,
    "line2" TEXT NOT NULL DEFAULT '',
    "line3" TEXT NOT NULL DEFAULT '',
    "town" TEXT NOT NULL DEFAULT '',
    "county" TEXT NOT NULL DEFAULT '',
    "postcode" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT 'GB',
    "status" TEXT NOT NULL DEFAULT 'CURRENT',
    "primary_tax_copy" BOOLEAN NOT NULL DEFAULT false,
    "additional_copy" BOOLEAN NOT NULL DEFAULT false,
    "core_internal_ref" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "relationship" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "parent_client_id" INTEGER NOT NULL,
    "child_client_id" INTEGER NOT NULL,
    "type_code" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "notes" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "relationship_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_override" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "client_id" INTEGER NOT NULL,
    "tax_year" TEXT NOT NULL,
    "override_type" TEXT NOT NULL,
    "amount" DECIMAL(20,2),
    "percentage" DECIMAL(9,6),
    "rollover" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "tax_override_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portfolio" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'ADVISORY',
    "state" TEXT NOT NULL DEFAULT 'LIVE',
    "currency" TEXT NOT NULL DEFAULT 'GBP',
    "tax_wrapper" TEXT NOT NULL DEFAULT 'GIA',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" TEXT NOT NULL DEFAULT '',
    "market_value" DECIMAL(20,2),
    "ytd_capital_gain_loss" DECIMAL(20,2),
    "ytd_income_gain" DECIMAL(20,2),
    "ytd_exempt_gain_loss" DECIMAL(20,2),
    "unrealised_capital_gain_loss" DECIMAL(20,2),
    "unrealised_income_gain" DECIMAL(20,2),
    "unrealised_exempt_gain_loss" DECIMAL(20,2),
    "indexation" DECIMAL(20,2),
    "holdover_relief" DECIMAL(20,2),
    "clogged_loss" DECIMAL(20,2),
    "calculation_failures" INTEGER NOT NULL DEFAULT 0,
    "rec_breaks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "portfolio_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portfolio_owner" (
    "portfolio_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "percentage" DECIMAL(9,6) NOT NULL,

    CONSTRAINT "portfolio_owner_pkey" PRIMARY KEY ("portfolio_id","client_id")
);

-- CreateTable
CREATE TABLE "security" (
    "id" INTEGER NOT NULL,
    "sedol" TEXT NOT NULL DEFAULT '',
    "isin" TEXT NOT NULL DEFAULT '',
    "security_name" TEXT NOT NULL DEFAULT '',
    "reporting_name" TEXT NOT NULL DEFAULT '',
    "issuer_name" TEXT NOT NULL DEFAULT '',
    "currency" TEXT NOT NULL DEFAULT 'GBP',
    "asset_class" TEXT NOT NULL DEFAULT '',
    "cgt_class" TEXT NOT NULL DEFAULT 'CAPITAL',
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "quantity_decimal_places" INTEGER NOT NULL DEFAULT 4,
    "price_gbp" DECIMAL(24,8),
    "price_date" DATE,

    CONSTRAINT "security_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_type" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "direction" TEXT NOT NULL,
    "required_fields" TEXT[],
    "effect" TEXT NOT NULL DEFAULT '',
    "income_type" TEXT NOT NULL DEFAULT '',
    "corporate_action" BOOLEAN NOT NULL DEFAULT false,
    "allow_zero_quantity" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "transaction_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transaction" (
    "id" BIGSERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "portfolio_id" INTEGER,
    "portfolio_code" TEXT NOT NULL DEFAULT '',
    "security_id" INTEGER,
    "security_code" TEXT NOT NULL DEFAULT '',
    "transaction_code" TEXT NOT NULL DEFAULT '',
    "type_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'SETTLED',
    "trade_date" DATE NOT NULL,
    "ex_date" DATE,
    "pay_date" DATE,
    "report_date" DATE NOT NULL,
    "quantity" DECIMAL(24,8) NOT NULL,
    "price" DECIMAL(24,8),
    "consideration" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "expenses" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'GBP',
    "fx_rate" DECIMAL(24,10) NOT NULL DEFAULT 1,
    "consideration_gbp" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "expenses_gbp" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "original_acquisition_date" DATE,
    "counterparty_client_uuid" UUID,
    "counterparty_name" TEXT NOT NULL DEFAULT '',
    "holdover_relief_claimed" DECIMAL(20,2),
    "new_security_id" INTEGER,
    "market_value" DECIMAL(20,2),
    "ratio" TEXT,
    "timing" TEXT NOT NULL DEFAULT 'before-trades',
    "income_type" TEXT NOT NULL DEFAULT '',
    "tax_deducted" DECIMAL(20,2),
    "source" TEXT NOT NULL DEFAULT 'MANUAL',
    "source_ref" TEXT NOT NULL DEFAULT '',
    "notes" TEXT NOT NULL DEFAULT '',
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" TEXT NOT NULL DEFAULT '',
    "cgt_cost" DECIMAL(20,2),
    "proceeds" DECIMAL(20,2),
    "capital_gain_loss" DECIMAL(20,2),
    "income_gain" DECIMAL(20,2),
    "exempt_gain_loss" DECIMAL(20,2),
    "holdover_relief" DECIMAL(20,2),
    "clogged_loss" DECIMAL(20,2),
    "indexation" DECIMAL(20,2),

    CONSTRAINT "ledger_transaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "holding" (
    "portfolio_id" INTEGER NOT NULL,
    "security_id" INTEGER NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "quantity" DECIMAL(24,4) NOT NULL,
    "rec_break" BOOLEAN NOT NULL DEFAULT false,
    "transaction_count" INTEGER NOT NULL DEFAULT 0,
    "last_transaction_date" DATE,
    "calculation_status" TEXT NOT NULL DEFAULT 'PENDING',
    "average_cost" DECIMAL(24,8),
    "cgt_cost" DECIMAL(20,2),
    "ytd_capital_gain_loss" DECIMAL(20,2),
    "ytd_income_gain" DECIMAL(20,2),
    "ytd_exempt_gain_loss" DECIMAL(20,2),
    "unrealised_capital_gain_loss" DECIMAL(20,2),
    "unrealised_income_gain" DECIMAL(20,2),
    "unrealised_exempt_gain_loss" DECIMAL(20,2),
    "indexation" DECIMAL(20,2),
    "holdover_relief" DECIMAL(20,2),
    "clogged_loss" DECIMAL(20,2),

    CONSTRAINT "holding_pkey" PRIMARY KEY ("portfolio_id","security_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "address_uuid_key" ON "address"("uuid");

-- CreateIndex
CREATE INDEX "address_client_id_idx" ON "address"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "relationship_uuid_key" ON "relationship"("uuid");

-- CreateIndex
CREATE INDEX "relationship_parent_client_id_idx" ON "relationship"("parent_client_id");

-- CreateIndex
CREATE INDEX "relationship_child_client_id_idx" ON "relationship"("child_client_id");

-- CreateIndex
CREATE UNIQUE INDEX "tax_override_uuid_key" ON "tax_override"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "tax_override_client_id_tax_year_override_type_key" ON "tax_override"("client_id", "tax_year", "override_type");

-- CreateIndex
CREATE UNIQUE INDEX "portfolio_uuid_key" ON "portfolio"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "portfolio_organisation_uuid_code_key" ON "portfolio"("organisation_uuid", "code");

-- CreateIndex
CREATE INDEX "portfolio_owner_client_id_idx" ON "portfolio_owner"("client_id");

-- CreateIndex
CREATE INDEX "security_sedol_idx" ON "security"("sedol");

-- CreateIndex
CREATE INDEX "security_isin_idx" ON "security"("isin");

-- CreateIndex
CREATE UNIQUE INDEX "transaction_type_uuid_key" ON "transaction_type"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "transaction_type_organisation_uuid_name_key" ON "transaction_type"("organisation_uuid", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transaction_uuid_key" ON "ledger_transaction"("uuid");

-- CreateIndex
CREATE INDEX "ledger_transaction_portfolio_id_security_id_trade_date_idx" ON "ledger_transaction"("portfolio_id", "security_id", "trade_date");

-- CreateIndex
CREATE INDEX "ledger_transaction_organisation_uuid_portfolio_id_security__idx" ON "ledger_transaction"("organisation_uuid", "portfolio_id", "security_id");

-- CreateIndex
CREATE INDEX "ledger_transaction_security_id_idx" ON "ledger_transaction"("security_id");

-- AddForeignKey
ALTER TABLE "address" ADD CONSTRAINT "address_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relationship" ADD CONSTRAINT "relationship_parent_client_id_fkey" FOREIGN KEY ("parent_client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "relationship" ADD CONSTRAINT "relationship_child_client_id_fkey" FOREIGN KEY ("child_client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_override" ADD CONSTRAINT "tax_override_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portfolio_owner" ADD CONSTRAINT "portfolio_owner_portfolio_id_fkey" FOREIGN KEY ("portfolio_id") REFERENCES "portfolio"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portfolio_owner" ADD CONSTRAINT "portfolio_owner_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_portfolio_id_fkey" FOREIGN KEY ("portfolio_id") REFERENCES "portfolio"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "transaction_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "holding" ADD CONSTRAINT "holding_portfolio_id_fkey" FOREIGN KEY ("portfolio_id") REFERENCES "portfolio"("id") ON DELETE CASCADE ON UPDATE CASCADE;
