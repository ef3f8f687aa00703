import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  MAX_MEDIA_BYTES,
  MAX_MEDIA_PER_POST,
  type Media,
  mediaMessages,
  mediaMimeTypes,
} from '../../../../../contracts/media';
import { toast } from '../../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../../lib/api-client';
import { useUploadMedia } from '../../api/media';

export const UPLOAD_FAILED_MESSAGE = 'The image could not be uploaded. Please try again.';

interface MediaPickerProps {
  id: string;
  /** The attached images, in order (those still loading are undefined). */
  items: (Media | undefined)[];
  ids: string[];
  onChange: (ids: string[]) => void;
}

/** Images for the post: upload (POST /api/media), see them, remove them. */
export function MediaPicker({ id, items, ids, onChange }: MediaPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia();
  const [uploads, setUploads] = useState<{ key: string; name: string }[]>([]);
  const room = MAX_MEDIA_PER_POST - ids.length - uploads.length;

  const add = async (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!(mediaMimeTypes as readonly string[]).includes(file.type)) {
        toast({ title: 'Upload Failed', description: mediaMessages.unsupportedType, variant: 'destructive' });
      } else if (file.size > MAX_MEDIA_BYTES) {
        toast({ title: 'Upload Failed', description: mediaMessages.tooLarge, variant: 'destructive' });
      } else {
        accepted.push(file);
      }
    }
    if (files.length > room) {
      toast({
        title: 'Upload Failed',
        description: `A post takes at most ${MAX_MEDIA_PER_POST} images.`,
        variant: 'destructive',
      });
    }
    let next = ids;
    for (const file of accepted) {
      const key = crypto.randomUUID();
      setUploads((current) => [...current, { key, name: file.name }]);
      try {
        const item = await upload.mutateAsync(file);
        next = [...next, item.id];
        onChange(next);
      } catch (error) {
        if (!isUnauthorized(error)) {
          toast({
            title: 'Upload Failed',
            description: failureMessage(error, UPLOAD_FAILED_MESSAGE),
            variant: 'destructive',
          });
        }
      } finally {
        setUploads((current) => current.filter((upload) => upload.key !== key));
      }
    }
  };

  return (
    <div className="grid gap-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Images <span className="font-normal text-slate-600">(up to {MAX_MEDIA_PER_POST})</span>
      </p>
      <ul aria-labelledby={`${id}-label`} className="flex flex-wrap gap-2">
        {ids.map((mediaId, index) => {
          const item = items[index];
          return (
            <li key={mediaId} className="relative">
              {item ? (
                <img
                  src={item.thumbnailUrl}
                  alt={item.fileName ?? `Attachment ${index + 1}`}
                  width={80}
                  height={80}
                  decoding="async"
                  className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
                />
              ) : (
                <span className="block size-20 animate-pulse rounded-lg bg-slate-100" />
              )}
              <button
                type="button"
                onClick={() => onChange(ids.filter((other) => other !== mediaId))}
                aria-label={`Remove image ${index + 1}`}
                className="absolute -top-2 -right-2 rounded-full border border-slate-200 bg-white p-1 text-slate-700 shadow-sm hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {uploads.map((upload) => (
          <li key={upload.key} className="flex size-20 items-center justify-center rounded-lg bg-slate-100">
            <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden="true" />
            <span className="sr-only">Uploading {upload.name}...</span>
          </li>
        ))}
        {room > 0 ? (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className="flex size-20 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-400 bg-white text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              <ImagePlus className="size-5" aria-hidden="true" />
              Add image
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={mediaMimeTypes.join(',')}
        multiple
        aria-label="Upload images"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void add(files);
        }}
      />
      <p className="text-xs text-slate-600">
        JPEG, PNG or WebP, up to {MAX_MEDIA_BYTES / (1024 * 1024)} MB each.
      </p>
    </div>
  );
}
