import { useQueryClient } from '@tanstack/react-query';
import { FileText, ImagePlus, LoaderCircle, Play, RotateCw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  documentMimeTypes,
  isVideoMimeType,
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_PER_POST,
  MAX_VIDEO_BYTES,
  type Media,
  mediaMessages,
  mediaMimeTypes,
} from '../../../../../contracts/media';
import { toast } from '../../../../components/ui/use-toast';
import { mediaQueryOptions } from '../../api/media';
import { createResumableUpload, type ResumableUpload } from '../../api/resumable-upload';

interface MediaPickerProps {
  id: string;
  /** The attached images and videos, in order (those still loading are undefined). */
  items: (Media | undefined)[];
  ids: string[];
  onChange: (ids: string[]) => void;
  /** The most items this post takes (an X thread post: 4); MAX_MEDIA_PER_POST by default. */
  max?: number;
}

interface UploadState {
  key: string;
  name: string;
  bytesSent: number;
  bytesTotal: number;
  /** Set when it stopped: what to tell, and whether a retry can resume it. */
  error: { message: string; retryable: boolean } | null;
  upload: ResumableUpload;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/** "0:07", "1:05:09": a video's length on its thumbnail. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Why a file is refused before it is sent (the server checks again, by its bytes). */
function refusalOf(file: File): string | null {
  if (!(mediaMimeTypes as readonly string[]).includes(file.type)) {
    return file.type.startsWith('video/') ? mediaMessages.videoUnsupported : mediaMessages.unsupportedType;
  }
  if (isVideoMimeType(file.type)) return file.size > MAX_VIDEO_BYTES ? mediaMessages.videoTooLarge : null;
  if ((documentMimeTypes as readonly string[]).includes(file.type)) {
    return file.size > MAX_DOCUMENT_BYTES ? mediaMessages.documentTooLarge : null;
  }
  return file.size > MAX_MEDIA_BYTES ? mediaMessages.tooLarge : null;
}

/**
 * Images, videos and PDF documents for the post: resumable uploads (tus, /api/uploads) with a
 * progress bar, a retry that goes on from where a dropped connection stopped, and the attached
 * items as thumbnails (a video's with its length, a document's first page marked PDF). A PDF is
 * taken whatever the chosen networks: only a LinkedIn document post publishes one, and the live
 * checks say so beside each other network (decision 067).
 */
export function MediaPicker({ id, items, ids, onChange, max = MAX_MEDIA_PER_POST }: MediaPickerProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  // The latest ids, for uploads that finish after other changes.
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const room = max - ids.length - uploads.length;

  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );
  const drop = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  // Closing the composer stops what is still sending (a later pick of the same file resumes it).
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  useEffect(
    () => () => {
      for (const upload of uploadsRef.current) if (!upload.error) upload.upload.cancel();
    },
    [],
  );

  const add = (files: File[]) => {
    for (const file of files.slice(0, Math.max(0, room))) {
      const refusal = refusalOf(file);
      if (refusal) {
        toast({ title: 'Upload Failed', description: refusal, variant: 'destructive' });
        continue;
      }
      const key = crypto.randomUUID();
      const upload = createResumableUpload(file, {
        onProgress: (bytesSent, bytesTotal) => update(key, { bytesSent, bytesTotal, error: null }),
        onSuccess: (item) => {
          drop(key);
          // The composer shows it at once; the calendar's thumbnails read it from the cache later.
          queryClient.setQueryData(mediaQueryOptions(item.id).queryKey, item);
          const next = [...idsRef.current, item.id];
          idsRef.current = next;
          onChange(next);
        },
        onError: (message, retryable) => update(key, { error: { message, retryable } }),
      });
      setUploads((current) => [
        ...current,
        { key, name: file.name, bytesSent: 0, bytesTotal: file.size, error: null, upload },
      ]);
      upload.start();
    }
    if (files.length > room) {
      toast({
        title: 'Upload Failed',
        description: `A post takes at most ${max} images, videos or documents.`,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Images, videos and PDFs <span className="font-normal text-slate-600">(up to {max})</span>
      </p>
      <ul aria-labelledby={`${id}-label`} className="flex flex-wrap gap-2">
        {ids.map((mediaId, index) => {
          const item = items[index];
          return (
            <li key={mediaId} className="relative">
              {item ? (
                <span className="relative block size-20">
                  <img
                    src={item.thumbnailUrl}
                    alt={item.fileName ?? `Attachment ${index + 1}`}
                    width={80}
                    height={80}
                    decoding="async"
                    className={
                      item.kind === 'document'
                        ? 'size-20 rounded-lg bg-white object-contain ring-1 ring-slate-200'
                        : 'size-20 rounded-lg object-cover ring-1 ring-slate-200'
                    }
                  />
                  {item.kind === 'document' ? (
                    <span className="absolute right-1 bottom-1 flex items-center gap-0.5 rounded bg-red-700 px-1 py-0.5 text-[11px] font-medium text-white">
                      <FileText className="size-3" aria-hidden="true" />
                      <span className="sr-only">Document, </span>
                      PDF
                    </span>
                  ) : null}
                  {item.kind === 'video' ? (
                    <span className="absolute right-1 bottom-1 flex items-center gap-0.5 rounded bg-slate-900/80 px-1 py-0.5 text-[11px] font-medium text-white tabular-nums">
                      <Play className="size-3 fill-current" aria-hidden="true" />
                      <span className="sr-only">Video, </span>
                      {formatDuration(item.durationMs ?? 0)}
                    </span>
                  ) : null}
                </span>
              ) : (
                <span className="block size-20 animate-pulse rounded-lg bg-slate-100" />
              )}
              <button
                type="button"
                onClick={() => onChange(ids.filter((other) => other !== mediaId))}
                aria-label={`Remove ${item?.kind === 'video' ? 'video' : item?.kind === 'document' ? 'document' : 'image'} ${index + 1}`}
                className="absolute -top-2 -right-2 rounded-full border border-slate-200 bg-white p-1 text-slate-700 shadow-sm hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {uploads.map((upload) => {
          const percent =
            upload.bytesTotal > 0 ? Math.floor((upload.bytesSent / upload.bytesTotal) * 100) : 0;
          return (
            <li
              key={upload.key}
              className="flex min-h-20 w-56 max-w-full flex-col justify-center gap-1 rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-2"
            >
              <span className="flex items-center gap-1.5 text-xs font-medium text-slate-800">
                {upload.error ? null : (
                  <LoaderCircle
                    className="size-3.5 shrink-0 animate-spin text-indigo-600"
                    aria-hidden="true"
                  />
                )}
                <span className="truncate" title={upload.name}>
                  {upload.name}
                </span>
              </span>
              <progress
                value={upload.bytesSent}
                max={upload.bytesTotal || 1}
                aria-label={`Uploading ${upload.name}`}
                className="h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
              />
              <span className="text-xs text-slate-600 tabular-nums" aria-live="polite">
                {percent}% · {megabytes(upload.bytesSent)} of {megabytes(upload.bytesTotal)} MB
              </span>
              {upload.error ? (
                <span role="alert" className="grid gap-1">
                  <span className="text-xs text-red-700">{upload.error.message}</span>
                  <span className="flex gap-1.5">
                    {upload.error.retryable ? (
                      <button
                        type="button"
                        onClick={() => {
                          update(upload.key, { error: null });
                          upload.upload.start();
                        }}
                        className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-2 py-1 text-xs font-medium text-white hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-1 focus-visible:outline-none"
                      >
                        <RotateCw className="size-3" aria-hidden="true" />
                        Retry
                      </button>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => {
                        upload.upload.cancel();
                        drop(upload.key);
                      }}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                    >
                      Remove
                    </button>
                  </span>
                </span>
              ) : null}
            </li>
          );
        })}
        {room > 0 ? (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className="flex size-20 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-400 bg-white text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              <ImagePlus className="size-5" aria-hidden="true" />
              Add media
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
        aria-label="Upload images or videos, or a PDF"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          add(files);
        }}
      />
      <p className="text-xs text-slate-600">
        JPEG, PNG or WebP up to {MAX_MEDIA_BYTES / MB} MB; MP4 or MOV video up to{' '}
        {MAX_VIDEO_BYTES / (1024 * MB)} GB; a PDF up to {MAX_DOCUMENT_BYTES / MB} MB for a LinkedIn document
        post. A dropped connection resumes where it stopped.
      </p>
    </div>
  );
}
