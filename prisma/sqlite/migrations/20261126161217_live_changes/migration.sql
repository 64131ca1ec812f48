-- CreateTable
CREATE TABLE "ChangeEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entity" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "ownerId" TEXT,
    "permission" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "ChangeEvent_at_idx" ON "ChangeEvent"("at");
