/**
 * Administration's badge layout editor, main side: hands a template's JSON to the editor, checks
 * an edited template exactly like `--admin check` (template schema, then every element on the card,
 * fonts readable, barcodes able to hold their value, images beside the file) and lays it out with
 * the sample cardholder, and saves it: the same file name, written atomically by the kiosk's one
 * file writer (storage/owner-only-files.ts), the previous version kept as "<file>.bak". A template
 * with a problem is never written; the refusal names the element. The file is an administrator's
 * file, made to be copied to other workstations, so it is readable by others (its folder is left
 * as it is).
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { badgeProblem, englishBadgeProblem, type BadgeTemplateDocument, type BadgeTemplateDraftPreview, type BadgeTemplateSaved, type BadgeTemplateSource, type OperationName, type ParsedRequestOf, type ResultOf } from '../../contract/ipc';
import { KioskFailure } from '../ipc/failure';
import { writeOwnerOnly } from '../storage/owner-only-files';
import type { Logger } from '../log/logger';
import type { BadgesCapability } from './badges-capability';
import { checkTemplateSource, type LoadedTemplate } from './template-library';
import { isBuiltIn } from './built-in-templates';

type Handler<K extends OperationName> = (request: ParsedRequestOf<K>) => Promise<ResultOf<K>>;
export interface BadgeEditorHandlers {
  getBadgeTemplateSource: Handler<'getBadgeTemplateSource'>;
  previewBadgeTemplateDraft: Handler<'previewBadgeTemplateDraft'>;
  saveBadgeTemplate: Handler<'saveBadgeTemplate'>;
}

/** Writes `text` to `file` atomically, keeping the previous version as `<file>.bak`. */
export async function writeTemplateFile(file: string, text: string): Promise<string | null> {
  let backup: string | null = `${file}.bak`;
  try {
    await copyFile(file, backup);
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code !== 'ENOENT') throw thrown;
    backup = null;
  }
  await writeOwnerOnly(file, text, { folder: 'as-is', readableByOthers: true });
  return backup;
}

export function createBadgeEditor(badges: BadgesCapability, log: Logger): BadgeEditorHandlers {
  async function existing(templateId: string): Promise<LoadedTemplate> {
    const lib = await badges.templates();
    const found = lib.templates.find((t) => t.id === templateId);
    if (!found) throw KioskFailure.keyed('not_found', 'badgeTemplateMissing', { template: templateId });
    // A built-in template has no file to save to: provisioned templates replace it.
    if (isBuiltIn(found)) throw KioskFailure.keyed('rejected', 'badgeTemplateBuiltIn');
    return found;
  }

  async function checked(templateId: string, template: BadgeTemplateDocument): Promise<LoadedTemplate> {
    return checkTemplateSource((await existing(templateId)).file, template, await badges.fontMetrics());
  }

  return {
    async getBadgeTemplateSource(request): Promise<BadgeTemplateSource> {
      const loaded = await existing(request.templateId);
      const first = loaded.problems[0];
      if (!loaded.template) throw KioskFailure.of('config', `The badge template "${loaded.id}" cannot be edited here: ${first ? englishBadgeProblem(first) : 'it is not valid'}. Correct its file, then run "--admin check".`);
      return { templateId: loaded.id, file: path.basename(loaded.file), template: loaded.template as unknown as BadgeTemplateDocument, problems: loaded.problems };
    },
    async previewBadgeTemplateDraft(request): Promise<BadgeTemplateDraftPreview> {
      const draft = await checked(request.templateId, request.template);
      if (!draft.template || draft.problems.length > 0) return { preview: null, problems: draft.problems };
      try {
        return { preview: await badges.previewDraft(draft, request.locale), problems: [] };
      } catch (thrown) {
        if (thrown instanceof KioskFailure) return { preview: null, problems: [{ ...badgeProblem('cannotLayOut', { detail: thrown.error.message }), error: thrown.error }] };
        throw thrown;
      }
    },
    async saveBadgeTemplate(request): Promise<BadgeTemplateSaved> {
      const draft = await checked(request.templateId, request.template);
      if (!draft.template || draft.problems.length > 0) {
        const first = draft.problems[0];
        throw KioskFailure.of('rejected', `The template was not saved: ${first ? englishBadgeProblem(first) : 'it is not valid'}.`, { detail: draft.problems.map(englishBadgeProblem).join('\n') });
      }
      const backup = await writeTemplateFile(draft.file, `${JSON.stringify(draft.template, null, 2)}\n`);
      await badges.templates(true);
      log.info('badges', `template ${path.basename(draft.file)} saved from the layout editor${backup ? ` (previous version: ${path.basename(backup)})` : ''}`);
      return { templateId: draft.id, file: path.basename(draft.file), backup: backup ? path.basename(backup) : null };
    },
  };
}
