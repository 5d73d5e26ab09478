// Every moderation action asks for a note first (it goes into the audit log) and says what it will
// do; a suspension also asks for how many days (1–90). One dialog for all six actions.
import { Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { DialogActions } from '@/components/dialog-actions';
import { TextAreaInput, TextInput } from '@/components/form-field';
import { ApiError, messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import type { ModerationAction, ReportTargetType } from '@/shared/contract/moderation';
import { MAX_SUSPENSION_DAYS } from '@/shared/constants';
import { MAX_MODERATION_NOTE, reinstateSchema, reportResolveSchema } from '@/shared/schemas';

import { useReinstate, useResolveReport } from '../moderation-api';

export type QueueAction = ModerationAction | 'reinstate';

export interface ActionSubject {
  /** The report an action resolves (not needed to reinstate). */
  reportId: number | null;
  targetType: ReportTargetType;
  /** The member acted on; null when their account is gone. */
  member: { id: number; displayName: string } | null;
  /** Open reports on the target, which the action closes. */
  openCount: number;
  /** Messages the link-burst guard holds for this member: delivered on dismiss, deleted otherwise. */
  heldMessages: boolean;
  /** A listing the report threshold hid: dismiss and warn bring it back. */
  hiddenByReports: boolean;
}

const DEFAULT_DAYS = 7;

const TARGET_NOUNS: Record<ReportTargetType, string> = {
  listing: 'listing',
  user: 'member',
  message: 'message',
  offer: 'offer',
  circle_message: 'trade-circle chat message',
};

/** The dialog's title, what the action does, and its button. */
function wordsFor(action: QueueAction, subject: ActionSubject) {
  const name = subject.member?.displayName ?? 'this member';
  const noun = TARGET_NOUNS[subject.targetType];
  const closes =
    subject.openCount > 1 ? `The ${subject.openCount} open reports on this ${noun} close` : 'The report closes';
  // What else an action settles: held messages go out or go away; an automatically hidden listing comes back.
  const held = subject.heldMessages ? ' The messages held for review are delivered.' : '';
  const heldGone = subject.heldMessages ? ' The messages held for review are deleted, never delivered.' : '';
  const back = subject.hiddenByReports ? ' The listing, hidden automatically, comes back into view.' : '';
  switch (action) {
    case 'dismiss':
      return {
        title: subject.heldMessages ? 'Dismiss: deliver the held messages' : 'Dismiss the reports',
        text: `Nothing happens to ${name}. ${closes}, and the reporters see that it was reviewed and no rule was broken.${held}${back}`,
        button: 'Dismiss',
        done: 'Reports dismissed',
      };
    case 'warn':
      return {
        title: `Warn ${name}`,
        text: `${name} gets a warning as a notification and an email. ${closes}.${heldGone}${back}`,
        button: 'Send warning',
        done: `${name} was warned`,
      };
    case 'hide':
      return subject.heldMessages
        ? {
            title: 'Delete the held messages',
            text: `The messages ${name} sent are deleted and never reach anyone; ${name} is told. ${closes}.`,
            button: 'Delete messages',
            done: 'Held messages deleted',
          }
        : {
            title: `Hide this ${noun}`,
            text: `Members no longer see it; its author sees that moderators removed it and is told. ${closes}.`,
            button: 'Hide',
            done: `The ${noun} is hidden`,
          };
    case 'suspend':
      return {
        title: `Suspend ${name}`,
        text: `${name} is signed out everywhere at once and cannot sign in until the suspension ends. Their listings leave public view; their open offers, pending barters and trade circles are cancelled. It ends by itself. ${closes}.${heldGone}`,
        button: 'Suspend',
        done: `${name} is suspended`,
      };
    case 'ban':
      return {
        title: `Suspend ${name} permanently`,
        text: `${name} is signed out everywhere at once and cannot sign in again unless an admin reinstates them. Their listings leave public view; their open offers, pending barters and trade circles are cancelled. ${closes}.${heldGone}`,
        button: 'Suspend permanently',
        done: `${name} is suspended permanently`,
      };
    case 'reinstate':
      return {
        title: `Reinstate ${name}`,
        text: `The suspension ends now: ${name} can sign in again and their listings come back.`,
        button: 'Reinstate',
        done: `${name} is reinstated`,
      };
  }
}

interface ModerationActionDialogProps {
  action: QueueAction | null;
  subject: ActionSubject;
  onClose: () => void;
}

export function ModerationActionDialog({ action, subject, onClose }: ModerationActionDialogProps) {
  return (
    <Dialog.Root open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" data-testid="moderation-dialog">
        {action && <ActionForm action={action} subject={subject} onDone={onClose} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ActionForm({ action, subject, onDone }: { action: QueueAction; subject: ActionSubject; onDone: () => void }) {
  const words = wordsFor(action, subject);
  const resolve = useResolveReport();
  const reinstate = useReinstate();
  const form = useValibotForm(action === 'reinstate' ? reinstateSchema : reportResolveSchema, {
    action,
    days: action === 'suspend' ? DEFAULT_DAYS : null,
    note: '',
  });
  const [daysText, setDaysText] = useState(String(DEFAULT_DAYS));
  const [failure, setFailure] = useState<string | null>(null);

  const done = () => {
    toast({ title: words.done, description: 'Your note is in the audit log.' });
    onDone();
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError) form.setErrors(error.errors);
    setFailure(messageOf(error, 'The action failed. Please try again.'));
  };

  // mutateAsync, not mutate's callbacks: the action refreshes the queue, which unmounts this case
  // (and the dialog) before mutate's own callbacks would run.
  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const note = form.values.note.trim();
    try {
      if (action === 'reinstate') {
        if (!subject.member) return;
        await reinstate.mutateAsync({ userId: subject.member.id, note });
      } else {
        if (subject.reportId === null) return;
        await resolve.mutateAsync({
          reportId: subject.reportId,
          action,
          days: action === 'suspend' ? form.values.days : undefined,
          note,
        });
      }
      done();
    } catch (error) {
      failed(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={words.title}>
      <Dialog.Title>{words.title}</Dialog.Title>
      <Dialog.Description size="2" mb="4">
        {words.text}
      </Dialog.Description>
      <Flex direction="column" gap="4">
        {action === 'suspend' && (
          <TextInput
            label="Days"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SUSPENSION_DAYS}
            value={daysText}
            onValueChange={(value) => {
              setDaysText(value);
              form.setField('days', value.trim() === '' ? null : Number(value));
            }}
            onBlur={() => form.touch('days')}
            error={form.errors.days}
            hint={`From 1 to ${MAX_SUSPENSION_DAYS} days.`}
            required
          />
        )}
        <TextAreaInput
          label="Note"
          value={form.values.note}
          onValueChange={(note) => form.setField('note', note)}
          onBlur={() => form.touch('note')}
          error={form.errors.note}
          hint="Why, in a sentence or two. It goes into the audit log, where other admins read it."
          rows={3}
          maxLength={MAX_MODERATION_NOTE}
          required
        />
        {failure && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{failure}</Callout.Text>
          </Callout.Root>
        )}
        <Text as="p" size="1" color="gray">
          The reporters are never named to the member.
        </Text>
        <DialogActions submitLabel={words.button} pending={resolve.isPending || reinstate.isPending} wrap="wrap" />
      </Flex>
    </form>
  );
}
