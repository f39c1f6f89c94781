-- AlterTable
ALTER TABLE "document_type" ADD COLUMN     "group_method" TEXT NOT NULL DEFAULT 'FIFO';

-- AlterTable
ALTER TABLE "preview" ADD COLUMN     "created_by_name" TEXT NOT NULL DEFAULT 'Gains';
