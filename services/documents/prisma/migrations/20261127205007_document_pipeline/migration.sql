-- CreateTable
CREATE TABLE "document_type" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "document_type_code" TEXT NOT NULL,
    "effect" TEXT NOT NULL,
    "apportionment_factor_method_id" INTEGER NOT NULL DEFAULT 1,
    "parent_security_price_mandatory" BOOLEAN NOT NULL DEFAULT false,
    "new_security_price_mandatory" BOOLEAN NOT NULL DEFAULT false,
    "allow_zero_rate" BOOLEAN NOT NULL DEFAULT false,
    "apportionment_factor" BOOLEAN NOT NULL DEFAULT false,
    "small_check" BOOLEAN NOT NULL DEFAULT false,
    "eri" BOOLEAN NOT NULL DEFAULT false,
    "use_g1g2" BOOLEAN NOT NULL DEFAULT false,
    "corporate_action" BOOLEAN NOT NULL DEFAULT false,
    "portfolio_movement" BOOLEAN NOT NULL DEFAULT false,
    "schedule" BOOLEAN NOT NULL DEFAULT false,
    "income" BOOLEAN NOT NULL DEFAULT false,
    "processing_override" JSONB NOT NULL DEFAULT '{}',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "document_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "line_definition" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "document_type_id" INTEGER NOT NULL,
    "ord" INTEGER NOT NULL,
    "transaction_type_name" TEXT NOT NULL,
    "transaction_type_description" TEXT NOT NULL DEFAULT '',
    "expense_calculation_method_id" INTEGER NOT NULL DEFAULT 0,
    "proceeds_calculation_method_id" INTEGER NOT NULL DEFAULT 0,
    "quantity_calculation_method_id" INTEGER NOT NULL DEFAULT 0,
    "sid_rollover_override" BOOLEAN NOT NULL DEFAULT false,
    "parent_security" BOOLEAN NOT NULL DEFAULT false,
    "use_parent_security_price" BOOLEAN NOT NULL DEFAULT false,
    "use_price_in_transaction" BOOLEAN NOT NULL DEFAULT false,
    "use_parent_price_in_transaction" BOOLEAN NOT NULL DEFAULT false,
    "new_security" BOOLEAN NOT NULL DEFAULT false,
    "default_price" DECIMAL(24,8),
    "default_income_report_label" TEXT NOT NULL DEFAULT '',
    "calculate_remainder" BOOLEAN NOT NULL DEFAULT false,
    "apportionment_factor" BOOLEAN NOT NULL DEFAULT false,
    "mandatory" BOOLEAN NOT NULL DEFAULT true,
    "multiple" BOOLEAN NOT NULL DEFAULT false,
    "rate_applies_to_id" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "line_definition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "layer" (
    "uuid" UUID NOT NULL,
    "security_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "layer_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "header" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "document_type_id" INTEGER NOT NULL,
    "ex_date" DATE,
    "pay_date" DATE,
    "start_date" DATE,
    "trade_date" DATE,
    "layer_uuid" UUID,
    "parent_security_price" DECIMAL(24,8),
    "security_id" INTEGER,
    "sedol" TEXT NOT NULL DEFAULT '',
    "isin" TEXT NOT NULL DEFAULT '',
    "security_name" TEXT NOT NULL DEFAULT '',
    "fx_rate" DECIMAL(24,12),
    "distribution_currency" TEXT NOT NULL DEFAULT 'GBP',
    "processing_override" JSONB NOT NULL DEFAULT '{}',
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "job_uuid" UUID,
    "run_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_name" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "header_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "header_line" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "header_id" INTEGER NOT NULL,
    "line_definition_id" INTEGER NOT NULL,
    "ord" INTEGER NOT NULL,
    "security_id" INTEGER,
    "sedol" TEXT NOT NULL DEFAULT '',
    "isin" TEXT NOT NULL DEFAULT '',
    "security_name" TEXT NOT NULL DEFAULT '',
    "rate" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "tax_rate_primary" DECIMAL(10,6),
    "price" DECIMAL(24,8),
    "apportionment_factor" DECIMAL(24,12),
    "per_parent" DECIMAL(24,10) NOT NULL DEFAULT 1,
    "income_report_label" TEXT NOT NULL DEFAULT '',
    "calculated_rate_price" DECIMAL(30,12),
    "new_security" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "header_line_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "movement_portfolio" (
    "id" SERIAL NOT NULL,
    "header_id" INTEGER NOT NULL,
    "direction" TEXT NOT NULL,
    "ord" INTEGER NOT NULL,
    "client_uuid" UUID NOT NULL,
    "client_code" TEXT NOT NULL DEFAULT '',
    "client_name" TEXT NOT NULL DEFAULT '',
    "portfolio_uuid" UUID NOT NULL,
    "portfolio_code" TEXT NOT NULL DEFAULT '',
    "portfolio_name" TEXT NOT NULL DEFAULT '',
    "transfer_percentage" DECIMAL(9,6) NOT NULL,

    CONSTRAINT "movement_portfolio_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "candidate" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "header_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "client_uuid" UUID NOT NULL,
    "client_code" TEXT NOT NULL DEFAULT '',
    "client_name" TEXT NOT NULL DEFAULT '',
    "portfolio_uuid" UUID NOT NULL,
    "portfolio_code" TEXT NOT NULL DEFAULT '',
    "portfolio_name" TEXT NOT NULL DEFAULT '',
    "security_id" INTEGER NOT NULL,
    "decimal_places" INTEGER NOT NULL DEFAULT 0,
    "as_at_date" DATE NOT NULL,
    "holding_quantity" DECIMAL(28,8) NOT NULL,
    "valuation_cost" DECIMAL(24,2),
    "cgt_cost" DECIMAL(24,2),
    "price" DECIMAL(24,8),
    "market_valuation" DECIMAL(24,2),
    "transfer_quantity" DECIMAL(28,8),
    "transfer_percentage" DECIMAL(9,6),
    "group1_fifo" DECIMAL(28,8),
    "group2_fifo" DECIMAL(28,8),
    "group1_lifo" DECIMAL(28,8),
    "group2_lifo" DECIMAL(28,8),
    "group1_average" DECIMAL(28,8),
    "group2_average" DECIMAL(28,8),
    "group1_quantity" DECIMAL(28,8),
    "group2_quantity" DECIMAL(28,8),
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "failure_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_name" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "candidate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "preview" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "header_line_id" INTEGER,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "candidate_version" INTEGER NOT NULL,
    "transaction_type" TEXT NOT NULL,
    "portfolio_uuid" UUID NOT NULL,
    "security_id" INTEGER NOT NULL,
    "sedol" TEXT NOT NULL DEFAULT '',
    "isin" TEXT NOT NULL DEFAULT '',
    "trade_date" DATE NOT NULL,
    "acquisition_date" DATE,
    "holding_quantity" DECIMAL(28,8) NOT NULL,
    "quantity" DECIMAL(28,8),
    "proceeds" DECIMAL(24,2),
    "expense" DECIMAL(24,2),
    "rate" DECIMAL(24,10),
    "per_parent" DECIMAL(24,10),
    "price" DECIMAL(24,8),
    "apportionment_factor" DECIMAL(24,12),
    "market_value" DECIMAL(24,2),
    "new_security_id" INTEGER,
    "ratio" TEXT NOT NULL DEFAULT '',
    "group1_qualifying" DECIMAL(24,2),
    "group2_qualifying" DECIMAL(24,2),
    "distribution_amount" DECIMAL(24,2),
    "tax_deducted" DECIMAL(24,2),
    "net_amount" DECIMAL(24,2),
    "create_transaction" BOOLEAN NOT NULL DEFAULT true,
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "posted_transaction_uuid" UUID,
    "reversal_transaction_uuid" UUID,
    "failure_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "preview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "header_audit" (
    "id" BIGSERIAL NOT NULL,
    "header_id" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "by_name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "from_status" TEXT NOT NULL DEFAULT '',
    "to_status" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "header_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_type_uuid_key" ON "document_type"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "document_type_organisation_uuid_code_key" ON "document_type"("organisation_uuid", "code");

-- CreateIndex
CREATE UNIQUE INDEX "line_definition_uuid_key" ON "line_definition"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "line_definition_document_type_id_ord_key" ON "line_definition"("document_type_id", "ord");

-- CreateIndex
CREATE UNIQUE INDEX "layer_security_id_name_key" ON "layer"("security_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "header_uuid_key" ON "header"("uuid");

-- CreateIndex
CREATE INDEX "header_organisation_uuid_status_idx" ON "header"("organisation_uuid", "status");

-- CreateIndex
CREATE INDEX "header_organisation_uuid_pay_date_idx" ON "header"("organisation_uuid", "pay_date");

-- CreateIndex
CREATE UNIQUE INDEX "header_organisation_uuid_code_key" ON "header"("organisation_uuid", "code");

-- CreateIndex
CREATE UNIQUE INDEX "header_line_uuid_key" ON "header_line"("uuid");

-- CreateIndex
CREATE INDEX "header_line_header_id_idx" ON "header_line"("header_id");

-- CreateIndex
CREATE INDEX "movement_portfolio_header_id_idx" ON "movement_portfolio"("header_id");

-- CreateIndex
CREATE UNIQUE INDEX "candidate_uuid_key" ON "candidate"("uuid");

-- CreateIndex
CREATE INDEX "candidate_header_id_status_idx" ON "candidate"("header_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "candidate_header_id_portfolio_uuid_security_id_key" ON "candidate"("header_id", "portfolio_uuid", "security_id");

-- CreateIndex
CREATE UNIQUE INDEX "preview_uuid_key" ON "preview"("uuid");

-- CreateIndex
CREATE INDEX "preview_candidate_id_idx" ON "preview"("candidate_id");

-- CreateIndex
CREATE INDEX "header_audit_header_id_at_idx" ON "header_audit"("header_id", "at");

-- AddForeignKey
ALTER TABLE "line_definition" ADD CONSTRAINT "line_definition_document_type_id_fkey" FOREIGN KEY ("document_type_id") REFERENCES "document_type"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "header" ADD CONSTRAINT "header_document_type_id_fkey" FOREIGN KEY ("document_type_id") REFERENCES "document_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "header_line" ADD CONSTRAINT "header_line_header_id_fkey" FOREIGN KEY ("header_id") REFERENCES "header"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "header_line" ADD CONSTRAINT "header_line_line_definition_id_fkey" FOREIGN KEY ("line_definition_id") REFERENCES "line_definition"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "movement_portfolio" ADD CONSTRAINT "movement_portfolio_header_id_fkey" FOREIGN KEY ("header_id") REFERENCES "header"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_header_id_fkey" FOREIGN KEY ("header_id") REFERENCES "header"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "preview" ADD CONSTRAINT "preview_candidate_id_fkey" FOREIGN KEY ("candidate_id") REFERENCES "candidate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "header_audit" ADD CONSTRAINT "header_audit_header_id_fkey" FOREIGN KEY ("header_id") REFERENCES "header"("id") ON DELETE CASCADE ON UPDATE CASCADE;
