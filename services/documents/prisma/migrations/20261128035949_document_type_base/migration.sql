-- AlterTable
ALTER TABLE "document_type" ADD COLUMN     "base_type_id" INTEGER;

-- AddForeignKey
ALTER TABLE "document_type" ADD CONSTRAINT "document_type_base_type_id_fkey" FOREIGN KEY ("base_type_id") REFERENCES "document_type"("id") ON DELETE SET NULL ON UPDATE CASCADE;
