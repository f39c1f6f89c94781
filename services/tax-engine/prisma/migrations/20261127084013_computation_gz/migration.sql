-- AlterTable
ALTER TABLE "calculation_run" ADD COLUMN     "computation_gz" BYTEA;
