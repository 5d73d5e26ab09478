// The Report dialog (docs/front-end.md, "Reports and blocks"): a reason, optional details, then a
// confirmation that says what happens next. The same dialog serves every entry point: a listing, a
// profile, a received message, an offer and a trade-circle chat line.
import { Button, Callout, Dialog, Flex, Link as ThemeLink, RadioGroup, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TextAreaInput } from '@/components/form-field';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError, messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { useValibotForm } from '@/lib/use-form';
import type { ReportReason, ReportTargetType } from '@/shared/contract/moderation';
import { MAX_REPORT_DETAILS } from '@/shared/constants';
import { reportCreateSchema } from '@/shared/schemas';
import { useBlock, useHasBlocked } from '@/features/blocks';
import { useCreateReport, type FiledReport } from '../api';
import { REASON_LABELS, REASON_ORDER, REPORT_THIS } from '../labels';
import { richText } from '@/lib/rich-text';
import '../moderation.css';

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** What the dialog names, so the member sees what they report: a title, a name, a quote. */
  label: string;
  /** The member behind it, whom the confirmation offers to block. */
  member: { id: number; displayName: string } | null;
}

interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Your earlier report of this listing is still open…": one sentence per kind. */
const ALREADY_OPEN: Record<ReportTargetType, () => string> = {
  listing: m.moderation_already_open_listing,
  user: m.moderation_already_open_user,
  message: m.moderation_already_open_message,
  offer: m.moderation_already_open_offer,
  circle_message: m.moderation_already_open_circle_message,
};

export function ReportDialog({ target, open, onOpenChange }: ReportDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <Dialog.Content maxWidth="520px" data-testid="report-dialog">
        {open && <ReportFlow target={target} onClose={() => onOpenChange(false)} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ReportFlow({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [filed, setFiled] = useState<FiledReport | null>(null);
  return filed ? (
    <ReportSent target={target} filed={filed} onClose={onClose} />
  ) : (
    <ReportForm target={target} onFiled={setFiled} />
  );
}

function ReportForm({ target, onFiled }: { target: ReportTarget; onFiled: (filed: FiledReport) => void }) {
  const title = REPORT_THIS[target.type]();
  const form = useValibotForm(reportCreateSchema, {
    targetType: target.type,
    targetId: target.id,
    reason: '' as ReportReason | '',
    details: '',
  });
  const create = useCreateReport();
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  const reasonErrorId = useId();

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: onFiled,
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) form.setErrors(error.errors);
        setFailure(messageOf(error, m.moderation_send_failed()));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Dialog.Title>{title}</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="4" className="report-target-label">
        {target.label}
      </Dialog.Description>
      <Flex direction="column" gap="4">
        <div className="report-reasons">
          <Text as="p" id={legendId} size="2" weight="medium" mb="2">
            {m.moderation_what_is_wrong()}
          </Text>
          <RadioGroup.Root
            value={form.values.reason}
            onValueChange={(reason) => form.setField('reason', reason as ReportReason)}
            aria-labelledby={legendId}
            aria-describedby={form.errors.reason ? reasonErrorId : undefined}
            aria-invalid={form.errors.reason ? true : undefined}
            aria-required
          >
            <Flex direction="column" gap="2">
              {REASON_ORDER.map((reason) => (
                <RadioGroup.Item key={reason} value={reason}>
                  <Flex direction="column">
                    <Text size="2" weight="medium">
                      {REASON_LABELS[reason].label()}
                    </Text>
                    <Text size="1" color="gray">
                      {REASON_LABELS[reason].hint()}
                    </Text>
                  </Flex>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
          {form.errors.reason && (
            <Text id={reasonErrorId} size="1" color="red" role="alert" data-testid="field-error" mt="2" as="p">
              {form.errors.reason}
            </Text>
          )}
        </div>
        <TextAreaInput
          label={m.moderation_details()}
          value={form.values.details}
          onValueChange={(details) => form.setField('details', details)}
          error={form.errors.details}
          hint={m.moderation_details_hint({
            // No grouping: "38/1000" reads as a count against a limit, not as a large number.
            count: fmt.number(form.values.details.length, { useGrouping: false }),
            max: fmt.number(MAX_REPORT_DETAILS, { useGrouping: false }),
          })}
          rows={4}
          maxLength={MAX_REPORT_DETAILS}
        />
        {failure && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{failure}</Callout.Text>
          </Callout.Root>
        )}
        <Text as="p" size="1" color="gray">
          {m.moderation_not_told()}
        </Text>
        <DialogActions submitLabel={m.moderation_send_report()} pending={create.isPending} wrap="wrap" />
      </Flex>
    </form>
  );
}

function ReportSent({ target, filed, onClose }: { target: ReportTarget; filed: FiledReport; onClose: () => void }) {
  return (
    <Flex direction="column" gap="3" data-testid="report-sent">
      <Dialog.Title mb="0">
        {filed.alreadyOpen ? m.moderation_already_reported() : m.moderation_report_sent()}
      </Dialog.Title>
      <Dialog.Description size="2">
        {filed.alreadyOpen ? ALREADY_OPEN[target.type]() : m.moderation_sent_text()}
      </Dialog.Description>
      <Text as="p" size="2">
        {richText(m.moderation_follow_it, {
          link: (
            <ThemeLink asChild underline="always">
              <Link to="/settings/reports" onClick={onClose}>
                {m.moderation_your_reports()}
              </Link>
            </ThemeLink>
          ),
        })}
      </Text>
      {target.member && <OfferBlock member={target.member} />}
      <Flex justify="end" mt="2">
        <Dialog.Close>
          <Button>{m.moderation_done()}</Button>
        </Dialog.Close>
      </Flex>
    </Flex>
  );
}

/** After a report: blocking is one press away (the text says what it does, so it needs no second confirmation). */
function OfferBlock({ member }: { member: { id: number; displayName: string } }) {
  const blocked = useHasBlocked(member.id, true);
  const block = useBlock();
  if (blocked) {
    return (
      <Text as="p" size="2" color="gray" role="status">
        {m.moderation_you_blocked({ name: member.displayName })}
      </Text>
    );
  }
  // mutateAsync: the block may remove what this dialog was opened from (the listing, the profile's actions).
  const run = async () => {
    try {
      await block.mutateAsync(member.id);
      toast({
        title: m.moderation_is_blocked({ name: member.displayName }),
        description: m.moderation_block_effect(),
      });
    } catch (error) {
      toast({
        title: m.moderation_block_failed(),
        description: messageOf(error, m.moderation_try_again()),
        variant: 'destructive',
      });
    }
  };
  return (
    <Callout.Root color="gray" variant="surface" size="1">
      <Callout.Text>{m.moderation_offer_block({ name: member.displayName })}</Callout.Text>
      <Flex mt="2">
        <Button size="2" variant="soft" color="red" highContrast onClick={() => void run()} loading={block.isPending}>
          {m.moderation_block_name({ name: member.displayName })}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
