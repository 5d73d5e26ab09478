// The listing form's photos (docs/api/listings.md, "Images"): a drop zone (drag and drop, or choose
// files with the keyboard or a click), each file's own preview and progress while it is compressed
// and uploaded, and a remove button on each added photo.
import { Cross2Icon, UploadIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Progress, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type DragEvent } from 'react';
import { messageOf } from '@/lib/api';
import { toast } from '@/lib/toast';
import { MAX_IMAGES_PER_LISTING } from '@/shared/constants';
import { checkImageFiles, compressImage, uploadImage } from '../image-upload';
import { ListingImage } from '@/components/listing-image';
import '../listings.css';
import './image-picker.css';
import * as m from '@/lib/messages';
import { fmt } from '@/lib/intl';
import { richText } from '@/lib/rich-text';

/** A picked file on its way: its local preview and how far it has got. */
interface PendingFile {
  key: number;
  name: string;
  preview: string;
  phase: 'waiting' | 'compressing' | 'uploading';
  /** Share of the bytes sent, 0 to 1 (uploading only). */
  sent: number;
}

interface ImagePickerProps {
  images: string[];
  onAdd: (paths: string[]) => void;
  onRemove: (path: string) => void;
  onBusyChange?: (busy: boolean) => void;
}

let nextKey = 0;

// Dragging files in needs a mouse or a trackpad: a phone or tablet with only a touch screen gets no
// drag wording (the zone is still tapped to choose files).
const FINE_POINTER = '(any-pointer: fine)';
function useCanDrag() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(FINE_POINTER);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(FINE_POINTER).matches,
  );
}

// "choose files" inside the drop zone's sentence, styled as a link.
const chooseFiles = (words: string) => <span className="photo-drop-choose">{words}</span>;

export function ImagePicker({ images, onAdd, onRemove, onBusyChange }: ImagePickerProps) {
  const id = useId();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const canDrag = useCanDrag();
  const previews = useRef(new Set<string>());
  const full = images.length + pending.length >= MAX_IMAGES_PER_LISTING;

  // Local previews are released when the form closes.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = (key: number, change: Partial<PendingFile>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const drop = (file: PendingFile) => {
    URL.revokeObjectURL(file.preview);
    previews.current.delete(file.preview);
    setPending((list) => list.filter((p) => p.key !== file.key));
  };

  const take = async (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, problems } = checkImageFiles(files, images.length + pending.length);
    if (problems.length > 0) {
      toast({
        title: problems.length === 1 ? problems[0]!.title : m.listings_images_skipped(),
        description: problems.map((p) => p.description).join(' '),
        variant: 'destructive',
      });
    }
    if (accepted.length === 0) return;
    const queued = accepted.map((file): PendingFile => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: (nextKey += 1), name: file.name, preview, phase: 'waiting', sent: 0 };
    });
    setPending((list) => [...list, ...queued]);
    onBusyChange?.(true);
    let uploaded = 0;
    try {
      for (const [index, file] of accepted.entries()) {
        const entry = queued[index]!;
        try {
          update(entry.key, { phase: 'compressing' });
          const jpeg = await compressImage(file);
          update(entry.key, { phase: 'uploading' });
          const path = await uploadImage(jpeg, (sent) => update(entry.key, { sent }));
          onAdd([path]);
          uploaded += 1;
        } catch (error) {
          toast({
            title: m.listings_upload_failed(),
            description: messageOf(error, m.listings_upload_failed_text()),
            variant: 'destructive',
          });
        } finally {
          drop(entry);
        }
      }
      if (uploaded > 0)
        toast({
          title: m.listings_success(),
          description: uploaded === 1 ? m.listings_image_uploaded() : m.listings_images_uploaded({ count: uploaded }),
        });
    } finally {
      onBusyChange?.(false);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // picking the same file again still fires a change
    void take(files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (full) return;
    void take([...event.dataTransfer.files]);
  };

  const count = images.length;
  return (
    <Flex direction="column" gap="2">
      <Text as="label" id={`${id}-label`} htmlFor={id} size="2" weight="medium">
        {m.listings_images()}
      </Text>
      <div
        className="photo-drop"
        data-dragging={dragging || undefined}
        data-full={full || undefined}
        data-testid="photo-drop"
        onDragEnter={(event) => {
          event.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = full ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="photo-drop-input"
          onChange={pick}
          disabled={full}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          data-testid="image-input"
        />
        <label htmlFor={id} className="photo-drop-zone" aria-hidden="true">
          <UploadIcon width="24" height="24" />
          <Text size="3" weight="medium">
            {full
              ? m.listings_photos_full({ count: MAX_IMAGES_PER_LISTING })
              : dragging
                ? m.listings_photos_drop()
                : m.listings_photos_add()}
          </Text>
          {!full && (
            <Text size="2" color="gray">
              {canDrag ? (
                richText(m.listings_photos_drag(), { choose: chooseFiles })
              ) : (
                <span className="photo-drop-choose">{m.listings_photos_choose()}</span>
              )}
            </Text>
          )}
        </label>
      </div>
      <Text id={`${id}-hint`} size="1" color="gray">
        {m.listings_photos_hint({ max: MAX_IMAGES_PER_LISTING, count })}
      </Text>
      {(images.length > 0 || pending.length > 0) && (
        <ul className="image-picker-thumbs" aria-label={m.listings_images_added()}>
          {images.map((path, index) => (
            <li key={path} className="image-picker-thumb">
              <ListingImage src={path} alt={m.listings_image_number({ number: index + 1 })} />
              <IconButton
                type="button"
                size="1"
                color="red"
                variant="solid"
                className="image-picker-remove"
                aria-label={m.listings_image_remove({ number: index + 1 })}
                onClick={() => onRemove(path)}
              >
                <Cross2Icon aria-hidden="true" />
              </IconButton>
            </li>
          ))}
          {pending.map((file) => (
            <li key={file.key} className="image-picker-thumb image-picker-pending" data-testid="pending-image">
              <div className="listing-image">
                <img src={file.preview} alt={m.listings_image_preview({ name: file.name })} />
              </div>
              <div className="image-picker-progress" role="status">
                <Text size="1" weight="medium">
                  {file.phase === 'waiting'
                    ? m.listings_image_waiting()
                    : file.phase === 'compressing'
                      ? m.listings_image_compressing()
                      : m.listings_image_uploading({
                          percent: fmt.number(Math.round(file.sent * 100) / 100, { style: 'percent' }),
                        })}
                </Text>
                <Progress
                  size="1"
                  value={file.phase === 'uploading' ? 10 + file.sent * 90 : file.phase === 'compressing' ? 5 : 0}
                  aria-label={m.listings_image_progress({ name: file.name })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
