-- A ledger row's portfolio and transaction type are checked once per statement over the rows it wrote, not by a
-- foreign key: a row-level foreign key looks up and locks its parent once per row, which was half of what
-- PostgreSQL spent posting an imported file (100,000 rows name a few hundred portfolios and one or two types).
-- The triggers below keep every rule the two foreign keys had: the parent must exist and is locked FOR KEY SHARE
-- while the rows are written; deleting a portfolio leaves its rows as ghosts (portfolio_id NULL); a transaction
-- type in use cannot be deleted; an id that changes is followed.

-- DropForeignKey
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_portfolio_id_fkey";

-- DropForeignKey
ALTER TABLE "ledger_transaction" DROP CONSTRAINT "ledger_transaction_type_id_fkey";

-- The parents named by a statement's rows, locked as a foreign key locks them; the first missing one refused.
CREATE FUNCTION ledger_references_exist(portfolio_ids int[], type_ids int[]) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  locked int;
  missing int;
BEGIN
  IF cardinality(portfolio_ids) > 0 THEN
    SELECT count(*) INTO locked FROM (SELECT 1 FROM portfolio WHERE id = ANY (portfolio_ids) FOR KEY SHARE) p;
    IF locked < cardinality(portfolio_ids) THEN
      SELECT w INTO missing FROM unnest(portfolio_ids) w WHERE NOT EXISTS (SELECT 1 FROM portfolio WHERE id = w) LIMIT 1;
      RAISE foreign_key_violation USING
        MESSAGE = format('ledger_transaction.portfolio_id %s names no portfolio', coalesce(missing::text, '?')),
        TABLE = 'ledger_transaction', COLUMN = 'portfolio_id';
    END IF;
  END IF;
  IF cardinality(type_ids) > 0 THEN
    SELECT count(*) INTO locked FROM (SELECT 1 FROM transaction_type WHERE id = ANY (type_ids) FOR KEY SHARE) t;
    IF locked < cardinality(type_ids) THEN
      SELECT w INTO missing FROM unnest(type_ids) w WHERE NOT EXISTS (SELECT 1 FROM transaction_type WHERE id = w) LIMIT 1;
      RAISE foreign_key_violation USING
        MESSAGE = format('ledger_transaction.type_id %s names no transaction type', coalesce(missing::text, '?')),
        TABLE = 'ledger_transaction', COLUMN = 'type_id';
    END IF;
  END IF;
END $$;

CREATE FUNCTION ledger_inserted_references() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM ledger_references_exist(
    ARRAY(SELECT DISTINCT portfolio_id FROM written WHERE portfolio_id IS NOT NULL),
    ARRAY(SELECT DISTINCT type_id FROM written));
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_transaction_inserted_references AFTER INSERT ON ledger_transaction
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_inserted_references();

-- An update checks only a row whose portfolio or type it changes (the tax engine's figures change neither).
CREATE FUNCTION ledger_updated_references() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM ledger_references_exist(
    CASE WHEN NEW.portfolio_id IS NULL THEN '{}'::int[] ELSE ARRAY[NEW.portfolio_id] END, ARRAY[NEW.type_id]);
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_transaction_updated_references AFTER UPDATE ON ledger_transaction
  FOR EACH ROW WHEN (OLD.portfolio_id IS DISTINCT FROM NEW.portfolio_id OR OLD.type_id IS DISTINCT FROM NEW.type_id)
  EXECUTE FUNCTION ledger_updated_references();

-- A deleted portfolio's rows stay, as ghosts (the foreign key's ON DELETE SET NULL).
CREATE FUNCTION portfolio_deleted_ledger() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE ledger_transaction SET portfolio_id = NULL WHERE portfolio_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;

CREATE TRIGGER portfolio_deleted_ledger AFTER DELETE ON portfolio
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION portfolio_deleted_ledger();

-- A transaction type in use stays (ON DELETE RESTRICT).
CREATE FUNCTION transaction_type_deleted_ledger() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_transaction WHERE type_id = OLD.id) THEN
    RAISE foreign_key_violation USING
      MESSAGE = format('transaction type %s is used by ledger rows', OLD.name),
      TABLE = 'transaction_type', COLUMN = 'id';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER transaction_type_deleted_ledger BEFORE DELETE ON transaction_type
  FOR EACH ROW EXECUTE FUNCTION transaction_type_deleted_ledger();

-- An id that changes is followed (ON UPDATE CASCADE).
CREATE FUNCTION ledger_parent_renumbered() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_TABLE_NAME = 'portfolio' THEN
    UPDATE ledger_transaction SET portfolio_id = NEW.id WHERE portfolio_id = OLD.id;
  ELSE
    UPDATE ledger_transaction SET type_id = NEW.id WHERE type_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER portfolio_renumbered_ledger AFTER UPDATE OF id ON portfolio
  FOR EACH ROW WHEN (OLD.id <> NEW.id) EXECUTE FUNCTION ledger_parent_renumbered();
CREATE TRIGGER transaction_type_renumbered_ledger AFTER UPDATE OF id ON transaction_type
  FOR EACH ROW WHEN (OLD.id <> NEW.id) EXECUTE FUNCTION ledger_parent_renumbered();
