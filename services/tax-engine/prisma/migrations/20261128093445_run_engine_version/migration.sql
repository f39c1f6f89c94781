-- AlterTable
ALTER TABLE "calculation_run" ADD COLUMN     "engine_version" INTEGER NOT NULL DEFAULT 0;
