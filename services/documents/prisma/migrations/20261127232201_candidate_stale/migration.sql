-- AlterTable
ALTER TABLE "candidate" ADD COLUMN     "stale" BOOLEAN NOT NULL DEFAULT false;
