import type { PrismaClient } from "@/generated/prisma/client";
import { DESIGN_DEFAULTS, normalizeDesign } from "@/lib/design/normalize";
import { designFromTemplate } from "@/lib/design/templates";
import type { DesignData } from "@/lib/public-profile";
import type { TemplateName } from "@/lib/schemas/templates";

async function applyDesign(db: PrismaClient, profileId: string, values: DesignData): Promise<void> {
  await db.designSettings.upsert({ where: { profile_id: profileId }, create: { profile_id: profileId, ...values }, update: values });
}

/** Every look a template leaves alone comes back to its default, so a template is a whole design (see designFromTemplate). */
export async function applyTemplate(db: PrismaClient, profileId: string, template: TemplateName): Promise<void> {
  const current = await db.designSettings.findUnique({ where: { profile_id: profileId } });
  await applyDesign(db, profileId, designFromTemplate(template, current && normalizeDesign(current)));
}

export function resetDesign(db: PrismaClient, profileId: string): Promise<void> {
  return applyDesign(db, profileId, DESIGN_DEFAULTS);
}
