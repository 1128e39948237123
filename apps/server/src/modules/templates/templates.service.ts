import type { MessageTemplate, TemplateDraftBody, TemplateListResponse } from '@careloop/contracts/templates';
import { usableTemplates } from '@careloop/domain/onboarding';
import { canAddTemplate, getPlanFeatures, templateLimitMessage } from '@careloop/domain/plans';
import type { TemplateCategory, TemplateLanguage } from '@careloop/domain/starter-templates';
import { findUnknownTemplateVariables } from '@careloop/domain/template-render';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { listTemplateRows, replaceTemplateRows, type TemplateRow } from './templates.repository';

type Caller = Pick<ClinicContext, 'clinicId' | 'userId'> & { clinic: { subscriptionTier: string } };

function toTemplate(row: TemplateRow): MessageTemplate {
  return {
    id: row.id,
    name: row.templateName,
    body: row.templateBody,
    category: row.category as TemplateCategory | null,
    language: row.language as TemplateLanguage,
    channel: row.templateType as MessageTemplate['channel'],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTemplates(deps: Pick<AppDeps, 'db'>, ctx: Caller): Promise<TemplateListResponse> {
  const rows = await listTemplateRows(deps.db, ctx.clinicId);
  return {
    templates: rows.map(toTemplate),
    limit: getPlanFeatures(ctx.clinic.subscriptionTier).templateLimit,
  };
}

type Draft = Required<Pick<TemplateDraftBody, 'name' | 'body' | 'language' | 'channel'>> & {
  category?: TemplateCategory | null;
};

/**
 * Checks a whole set: drafts lacking a name or body are skipped; an unknown {{variable}} or a name
 * used twice in one language is refused (400); more than the plan allows is refused (403).
 */
function prepareTemplateSet(tier: string, drafts: readonly Draft[]) {
  const kept = usableTemplates(drafts.map((d) => ({ ...d, name: d.name.trim(), body: d.body.trim() })));
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  kept.forEach((draft, index) => {
    const unknown = findUnknownTemplateVariables(draft.body);
    if (unknown.length > 0) {
      problems.push({
        field: `templates.${index}.body`,
        message: `Unknown variable ${unknown.map((name) => `{{${name}}}`).join(', ')} in "${draft.name}"`,
      });
    }
    const key = `${draft.language}:${draft.name.toLowerCase()}`;
    if (seen.has(key)) {
      problems.push({ field: `templates.${index}.name`, message: `Two templates are named "${draft.name}"` });
    }
    seen.add(key);
  });
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  if (!canAddTemplate(tier, kept.length - 1)) {
    const { templateLimit } = getPlanFeatures(tier);
    throw new AppError(403, 'PLAN_REQUIRED', templateLimitMessage(templateLimit).message);
  }
  return kept;
}

/** Replaces the clinic's set in the caller's transaction (used by Settings and onboarding step 4). */
async function replaceTemplates(db: Database, ctx: Caller, drafts: readonly Draft[]) {
  const kept = prepareTemplateSet(ctx.clinic.subscriptionTier, drafts);
  const now = Date.now();
  await replaceTemplateRows(
    db,
    ctx.clinicId,
    kept.map((draft, index) => ({
      id: newId('tpl'),
      templateName: draft.name,
      templateBody: draft.body,
      templateType: draft.channel,
      category: draft.category ?? null,
      language: draft.language,
      // Keeps the order the clinic gave them.
      createdAt: new Date(now + index),
    })),
  );
  return kept.length;
}

export async function saveTemplates(deps: Pick<AppDeps, 'db'>, ctx: Caller, drafts: readonly Draft[]) {
  const count = await deps.db.transaction((tx) => replaceTemplates(tx, ctx, drafts));
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'templates_saved',
    context: { count },
  });
  return listTemplates(deps, ctx);
}
