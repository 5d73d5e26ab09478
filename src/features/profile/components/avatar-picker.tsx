// The Edit Profile dialog's profile image: an upload (cropped square in the browser, then the same
// signed upload as listing photos) instead of a pasted URL, with a preview, progress and Remove.
import { TrashIcon, UploadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Progress, Text } from '@radix-ui/themes';
import { useId, useState, type ChangeEvent } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { messageOf } from '@/lib/api';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { toast } from '@/lib/toast';
import { checkImageFiles, uploadImage } from '@/features/listings';
import { squareAvatar } from '../avatar-image';
import './profile.css';

interface AvatarPickerProps {
  name: string;
  /** The avatar URL the form holds ('' for none). */
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
}

export function AvatarPicker({ name, value, onChange, onBusyChange, error }: AvatarPickerProps) {
  const id = useId();
  const [progress, setProgress] = useState<{ phase: 'Preparing' | 'Uploading'; sent: number } | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    // One image: the listing checks (type, 10MB) with two slots already taken leave one.
    const { accepted, problems } = checkImageFiles(files.slice(0, 1), 2);
    if (problems.length > 0)
      toast({ title: problems[0]!.title, description: problems[0]!.description, variant: 'destructive' });
    const file = accepted[0];
    if (!file) return;
    onBusyChange(true);
    try {
      setProgress({ phase: 'Preparing', sent: 0 });
      const jpeg = await squareAvatar(file);
      setProgress({ phase: 'Uploading', sent: 0 });
      const path = await uploadImage(jpeg, (sent) => setProgress({ phase: 'Uploading', sent }));
      // The profile stores an absolute URL (the field must be a valid URL); the path is this site's
      // upload.
      onChange(`${window.location.origin}${path}`);
    } catch (failure) {
      toast({
        title: m.profile_upload_failed(),
        description: messageOf(failure, m.profile_upload_failed_text()),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
      onBusyChange(false);
    }
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="span" size="2" weight="medium">
        {m.profile_image_label()}
      </Text>
      <Flex align="center" gap="4" wrap="wrap">
        <span data-testid="avatar-preview">
          <UserAvatar name={name || '?'} src={value || null} size="6" />
        </span>
        <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 180 }}>
          <Flex gap="2" wrap="wrap">
            <label className="avatar-upload-button" data-disabled={progress !== null || undefined}>
              <input
                type="file"
                accept="image/*"
                className="avatar-upload-input"
                onChange={pick}
                disabled={progress !== null}
                aria-label={value ? m.profile_image_change() : m.profile_image_upload()}
                aria-describedby={`${id}-hint`}
              />
              <UploadIcon aria-hidden="true" />
              <span aria-hidden="true">{value ? m.profile_image_change() : m.profile_image_upload()}</span>
            </label>
            {value && (
              <Button
                type="button"
                variant="soft"
                color="red"
                onClick={() => onChange('')}
                disabled={progress !== null}
              >
                <TrashIcon aria-hidden="true" /> {m.profile_image_remove()}
              </Button>
            )}
          </Flex>
          <Text id={`${id}-hint`} size="1" color="gray">
            {m.profile_image_hint()}
          </Text>
        </Flex>
      </Flex>
      {progress && (
        <Flex direction="column" gap="1" role="status">
          <Text size="1">
            {progress.phase === 'Preparing'
              ? m.profile_image_preparing()
              : m.profile_image_uploading({ percent: fmt.number(progress.sent, { style: 'percent' }) })}
          </Text>
          <Progress
            size="1"
            value={progress.phase === 'Preparing' ? 5 : 10 + progress.sent * 90}
            aria-label={m.profile_image_progress()}
          />
        </Flex>
      )}
      {error && (
        <Text size="1" color="red" role="alert" data-testid="field-error">
          {error}
        </Text>
      )}
    </Flex>
  );
}
