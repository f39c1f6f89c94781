-- AlterTable
ALTER TABLE "client" ADD COLUMN     "calculated_ledger_version" BIGINT,
ADD COLUMN     "calculation_status" TEXT NOT NULL DEFAULT 'PENDING',
ADD COLUMN     "last_calculated_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "holding" ADD COLUMN     "last_calculated_at" TIMESTAMPTZ(3),
ADD COLUMN     "thirty_day_disposal_counter" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "owner_figure" (
    "portfolio_id" INTEGER NOT NULL,
    "security_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "market_value" DECIMAL(20,2),
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
    "calculation_failures" INTEGER NOT NULL DEFAULT 0,
    "thirty_day_disposal_counter" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "owner_figure_pkey" PRIMARY KEY ("portfolio_id","security_id","client_id")
);

-- CreateIndex
CREATE INDEX "owner_figure_client_id_idx" ON "owner_figure"("client_id");
