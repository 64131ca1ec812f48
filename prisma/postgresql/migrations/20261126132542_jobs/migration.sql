-- CreateTable
CREATE TABLE "BackgroundJob" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "workerId" TEXT,
    "lastError" TEXT,
    "dedupeKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BackgroundJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduleState" (
    "name" TEXT NOT NULL,
    "lastSlot" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScheduleState_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "BackgroundJob_dedupeKey_key" ON "BackgroundJob"("dedupeKey");

-- CreateIndex
CREATE INDEX "BackgroundJob_status_runAt_idx" ON "BackgroundJob"("status", "runAt");

-- CreateIndex
CREATE INDEX "BackgroundJob_name_status_idx" ON "BackgroundJob"("name", "status");

-- CreateIndex
CREATE INDEX "BackgroundJob_finishedAt_idx" ON "BackgroundJob"("finishedAt");

-- Written by hand: e-mails queued before the jobs existed get their delivery job
-- (decision 0037), due when their row was (a row still leased waits for its lease).
INSERT INTO "BackgroundJob" ("id", "name", "input", "status", "attempts", "maxAttempts", "runAt", "dedupeKey")
SELECT 'email-' || "id", 'email.deliver', json_build_object('outboxId', "id")::text, 'queued', "attempts", "attempts" + 1,
       CASE WHEN "status" = 'sending' AND "leaseUntil" IS NOT NULL THEN "leaseUntil" ELSE "nextAttemptAt" END,
       'email.deliver:' || "idempotencyKey"
FROM "EmailOutbox" WHERE "status" IN ('pending', 'sending');
