import { Cross2Icon } from '@radix-ui/react-icons';
import { Flex, IconButton, Progress, Text } from '@radix-ui/themes';
import { useId, useState, type ChangeEvent } from 'react';
import { messageOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { MAX_IMAGES_PER_LISTING } from '../../../shared/constants';
import { checkImageFiles, compressImage, uploadImage } from '../image-upload';
import { ListingImage } from './listing-image';
import '../listings.css';

type Progressing = { phase: 'Compressing' | 'Uploading'; index: number; total: number };

interface ImagePickerProps {
  images: string[];
  onAdd: (paths: string[]) => void;
  onRemove: (path: string) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Up to three photos: picked, checked, compressed and uploaded at once; each can be removed. */
export function ImagePicker({ images, onAdd, onRemove, onBusyChange }: ImagePickerProps) {
  const id = useId();
  const [progress, setProgress] = useState<Progressing | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // picking the same file again still fires a change
    if (files.length === 0) return;
    const { accepted, problems } = checkImageFiles(files, images.length);
    if (problems.length > 0) {
      toast({
        title: problems.length === 1 ? problems[0]!.title : 'Some files were skipped',
        description: problems.map((p) => p.description).join(' '),
        variant: 'destructive',
      });
    }
    if (accepted.length === 0) return;
    onBusyChange?.(true);
    const uploaded: string[] = [];
    try {
      for (const [index, file] of accepted.entries()) {
        setProgress({ phase: 'Compressing', index, total: accepted.length });
        const jpeg = await compressImage(file);
        setProgress({ phase: 'Uploading', index, total: accepted.length });
        uploaded.push(await uploadImage(jpeg));
      }
      toast({ title: 'Success', description: uploaded.length === 1 ? 'Image uploaded' : `${uploaded.length} images uploaded` });
    } catch (error) {
      toast({ title: 'Upload failed', description: messageOf(error, 'Failed to upload images'), variant: 'destructive' });
    } finally {
      if (uploaded.length > 0) onAdd(uploaded);
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Images
      </Text>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        className="file-input"
        onChange={pick}
        disabled={progress !== null}
        aria-describedby={`${id}-hint`}
        data-testid="image-input"
      />
      <Text id={`${id}-hint`} size="1" color="gray">
        Up to {MAX_IMAGES_PER_LISTING} photos, 10MB each. They are resized to 800×600 before upload. {images.length} of {MAX_IMAGES_PER_LISTING} added.
      </Text>
      {progress && (
        <Flex direction="column" gap="1" role="status">
          <Text size="2">
            {progress.phase} image {progress.index + 1} of {progress.total}…
          </Text>
          <Progress value={((progress.index + (progress.phase === 'Uploading' ? 0.5 : 0)) / progress.total) * 100} aria-label="Upload progress" />
        </Flex>
      )}
      {images.length > 0 && (
        <ul className="image-picker-thumbs" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Added images">
          {images.map((path, index) => (
            <li key={path} className="image-picker-thumb">
              <ListingImage src={path} alt={`Image ${index + 1}`} />
              <IconButton type="button" size="1" color="red" variant="solid" className="image-picker-remove" aria-label={`Remove image ${index + 1}`} onClick={() => onRemove(path)}>
                <Cross2Icon aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}
