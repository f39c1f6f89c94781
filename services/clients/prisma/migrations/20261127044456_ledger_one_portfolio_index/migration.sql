-- DropIndex
DROP INDEX "ledger_transaction_organisation_uuid_portfolio_id_security__idx";
