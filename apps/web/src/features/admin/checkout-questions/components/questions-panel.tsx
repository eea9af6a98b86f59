import type { CheckoutQuestion } from '@utsav/domain/checkout-questions';
import { MAX_OWN_QUESTIONS, type QuestionKind } from '@utsav/domain/checkout-questions';
import { can, type Role } from '@utsav/domain/roles';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAdminTicketTypes } from '../../../../lib/admin-ticket-types';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { ErrorPanel } from '../../../../ui/error-panel';
import { Skeleton } from '../../../../ui/skeleton';
import { ViewHeader } from '../../../../ui/view-header';
import { useCheckoutQuestions, useSaveCheckoutQuestions } from '../api/checkout-questions';
import { QuestionCard } from './question-card';
import { draftOf, moved, newDraft, ownCount, type QuestionDraft, questionsBody } from './question-drafts';

/** The admin panel "Questions at checkout": managers read the list, admins edit it. */
export function QuestionsPanel({ onBack, role }: { onBack: () => void; role: Role }) {
  const { t } = useTranslation();
  const query = useCheckoutQuestions();
  return (
    <div className="grid grid-cols-1 gap-6">
      <ViewHeader
        title={t('checkout-questions.editor.title')}
        description={t('checkout-questions.editor.intro')}
        onBack={onBack}
      />
      {query.isPending ? (
        <div role="status" aria-busy="true" className="card grid gap-4 p-6">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel
          title={t('checkout-questions.editor.loadFailed')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <QuestionsEditor saved={query.data.questions} canWrite={can({ role }, 'questions:write')} />
      )}
    </div>
  );
}

/** `questions.<index>.<field>` → per card, per field; `questions` alone → the list's own message. */
function errorsByCard(details: readonly { field: string; message: string }[]) {
  const cards: Record<number, Record<string, string>> = {};
  let list: string | null = null;
  for (const { field, message } of details) {
    const [, index, name] = field.split('.');
    if (index === undefined) {
      list ??= message;
      continue;
    }
    const card = cards[Number(index)] ?? {};
    card[name ?? 'label'] ??= message;
    cards[Number(index)] = card;
  }
  return { cards, list };
}

function QuestionsEditor({ saved, canWrite }: { saved: CheckoutQuestion[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCheckoutQuestions();
  const types = useAdminTicketTypes((all) =>
    all.filter((type) => !type.archived).map((type) => ({ id: type.id, name: type.name })),
  );
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() => saved.map(draftOf));
  const [errors, setErrors] = useState<ReturnType<typeof errorsByCard>>({ cards: {}, list: null });
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const own = ownCount(drafts);
  const has = (kind: QuestionKind) => drafts.some((draft) => draft.kind === kind);
  const disabled = !canWrite || save.isPending;
  const update = (key: string, patch: Partial<QuestionDraft>) =>
    setDrafts((all) => all.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  function submit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    save.mutate(questionsBody(drafts), {
      onSuccess: (answer) => {
        setDrafts(answer.questions.map(draftOf));
        setErrors({ cards: {}, list: null });
        toast.success(t('checkout-questions.editor.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details?.length) {
          setErrors(errorsByCard(error.details));
          setRefusals((count) => count + 1);
        }
        toast.error(errorMessage(error));
      },
    });
  }

  return (
    <form ref={form} onSubmit={submit} className="grid gap-4" noValidate>
      {!canWrite ? (
        <p className="card p-4 text-sm text-maroon-100">{t('checkout-questions.editor.readOnly')}</p>
      ) : null}
      {drafts.length === 0 ? <p className="text-maroon-100">{t('checkout-questions.editor.empty')}</p> : null}
      <ol className="grid gap-4" aria-label={t('checkout-questions.editor.title')}>
        {drafts.map((draft, index) => (
          <QuestionCard
            key={draft.key}
            draft={draft}
            index={index}
            count={drafts.length}
            types={types.data ?? []}
            errors={errors.cards[index] ?? {}}
            disabled={disabled}
            onChange={(patch) => update(draft.key, patch)}
            onMove={(to) => setDrafts((all) => moved(all, index, to))}
            onRemove={() => setDrafts((all) => all.filter((other) => other.key !== draft.key))}
          />
        ))}
      </ol>
      {errors.list ? (
        <p role="alert" className="font-semibold text-rose-100">
          {errors.list}
        </p>
      ) : null}
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {!has('phone') ? (
            <Button
              variant="secondary"
              onClick={() => setDrafts((all) => [...all, newDraft('phone')])}
              disabled={disabled}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t('checkout-questions.editor.addPhone')}
            </Button>
          ) : null}
          {!has('age-18') ? (
            <Button
              variant="secondary"
              onClick={() => setDrafts((all) => [...all, newDraft('age-18')])}
              disabled={disabled}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t('checkout-questions.editor.addAge')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => setDrafts((all) => [...all, newDraft('text')])}
            disabled={disabled || own >= MAX_OWN_QUESTIONS}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            {t('checkout-questions.editor.addOwn')}
          </Button>
          <span className="self-center text-sm text-maroon-100">
            {t('checkout-questions.editor.ownLimit', { count: own })}
          </span>
        </div>
      ) : null}
      {canWrite ? (
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('checkout-questions.editor.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
