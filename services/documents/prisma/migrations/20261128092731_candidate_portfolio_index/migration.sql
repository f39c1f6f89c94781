-- CreateIndex
CREATE INDEX "candidate_portfolio_uuid_idx" ON "candidate"("portfolio_uuid");
