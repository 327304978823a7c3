import { CheckCircle2, FileUp, XCircle } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { drawPoster } from "./draw-poster";

type Status = "waiting" | "uploading" | "processing" | "done" | "failed" | "cancelled";
interface Upload {
  key: string;
  file: File;
  loaded: number;
  status: Status;
  error?: string;
  id?: string;
}

/** How many files travel at once: enough to keep the line busy, few enough to show progress per file. */
const PARALLEL_UPLOADS = 2;

/**
 * Drag and drop or pick several files; each goes up as its own request with a progress bar
 * (XMLHttpRequest reports upload progress, fetch does not), can be cancelled, and links to its
 * edit form when published.
 */
export function MediaUploader({
  accept,
  maxBytes,
  target = "/admin/media/upload",
  multiple = true,
  onDone,
}: {
  accept: string[];
  maxBytes: number;
  target?: string;
  multiple?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const queue = useRef<Upload[]>([]);
  const running = useRef(0);
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { maximumFractionDigits: 1 });
  const megabytes = (bytes: number) => `${number.format(bytes / (1024 * 1024))} MB`;

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  function next() {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const upload = queue.current.shift()!;
      running.current += 1;
      void send(upload);
    }
  }

  function finish(key: string, change: Partial<Upload>) {
    requests.current.delete(key);
    running.current -= 1;
    update(key, change);
    next();
  }

  async function send(upload: Upload) {
    const xhr = new XMLHttpRequest();
    requests.current.set(upload.key, xhr);
    update(upload.key, { status: "uploading" });
    // A video's frame or a sound's waveform for its card travels in front of the file (ADR 0093).
    const poster = await drawPoster(upload.file);
    // Cancelled while the picture was drawn.
    if (requests.current.get(upload.key) !== xhr) return;
    const before = poster?.size ?? 0;
    xhr.open("POST", `${target}?lang=${language}`);
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(upload.file.name));
    if (poster) xhr.setRequestHeader("X-Poster-Length", String(before));
    xhr.setRequestHeader("Content-Type", upload.file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      const loaded = Math.max(0, event.loaded - before);
      update(upload.key, { loaded, status: loaded >= upload.file.size ? "processing" : "uploading" });
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { ok?: boolean; id?: string; error?: string };
      if (xhr.status === 200 && body.ok) {
        finish(upload.key, { status: "done", loaded: upload.file.size, id: body.id });
        onDone?.();
      } else finish(upload.key, { status: "failed", error: body.error ?? "admin.errors.failed" });
    };
    xhr.onerror = () => finish(upload.key, { status: "failed", error: "admin.media.errors.network" });
    xhr.onabort = () => finish(upload.key, { status: "cancelled" });
    xhr.send(poster ? new Blob([poster, upload.file]) : upload.file);
  }

  function add(files: FileList | File[]) {
    const added: Upload[] = [...files].map((file) => {
      const extension = file.name.includes(".") ? `.${file.name.split(".").pop()!.toLowerCase()}` : "";
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      if (!accept.includes(extension)) return { key, file, loaded: 0, status: "failed", error: "admin.media.errors.unsupportedType" };
      if (file.size > maxBytes) return { key, file, loaded: 0, status: "failed", error: "admin.media.errors.tooLarge" };
      if (file.size === 0) return { key, file, loaded: 0, status: "failed", error: "admin.media.errors.emptyFile" };
      return { key, file, loaded: 0, status: "waiting" };
    });
    setUploads((list) => [...list, ...added]);
    queue.current.push(...added.filter((upload) => upload.status === "waiting"));
    next();
  }

  function cancel(upload: Upload) {
    const xhr = requests.current.get(upload.key);
    // Still drawing its card picture (not sent yet): `send` sees it gone and stops.
    if (xhr?.readyState === XMLHttpRequest.UNSENT) finish(upload.key, { status: "cancelled" });
    else if (xhr) xhr.abort();
    else {
      queue.current = queue.current.filter((queued) => queued.key !== upload.key);
      update(upload.key, { status: "cancelled" });
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) add(multiple ? event.dataTransfer.files : [event.dataTransfer.files[0]!]);
  };

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={
          "rounded-lg border-2 border-dashed p-8 text-center transition-colors " +
          (dragging ? "border-primary bg-primary/10" : "border-border")
        }
        data-testid="drop-zone"
      >
        <FileUp className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-medium">{t(multiple ? "admin.media.dropHere" : "admin.media.dropOne")}</p>
        <label className="mt-4 inline-flex cursor-pointer items-center rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:bg-primary/90">
          {t(multiple ? "admin.media.chooseFiles" : "admin.media.chooseFile")}
          <input
            type="file"
            multiple={multiple}
            accept={accept.join(",")}
            className="sr-only"
            onChange={(event) => {
              if (event.currentTarget.files?.length) add(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </label>
        <p className="mt-3 text-xs text-muted-foreground">
          {t("admin.media.accepted", { types: accept.join(" "), size: megabytes(maxBytes) })}
        </p>
      </div>
      {uploads.length > 0 ? (
        <ul className="mt-6 space-y-3" aria-label={t("admin.media.uploads")} data-testid="uploads">
          {uploads.map((upload) => {
            const percent = upload.file.size ? Math.round((upload.loaded / upload.file.size) * 100) : 0;
            return (
              <li key={upload.key} className="rounded-lg border border-border p-3" data-testid="upload" data-status={upload.status}>
                <div className="flex flex-wrap items-center gap-2">
                  {upload.status === "done" ? <CheckCircle2 className="size-4 text-primary" aria-hidden="true" /> : null}
                  {upload.status === "failed" ? <XCircle className="size-4 text-destructive" aria-hidden="true" /> : null}
                  <span className="min-w-0 flex-1 break-all font-medium">{upload.file.name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {megabytes(upload.loaded)} / {megabytes(upload.file.size)}
                  </span>
                  {upload.status === "waiting" || upload.status === "uploading" ? (
                    <Button type="button" variant="outline" size="sm" onClick={() => cancel(upload)}>
                      {t("admin.media.cancel")}
                      <span className="sr-only"> {upload.file.name}</span>
                    </Button>
                  ) : null}
                  {upload.status === "done" && upload.id ? (
                    <Link to={`/admin/media/${upload.id}`} className="text-sm text-primary underline underline-offset-2">
                      {t("admin.media.editItem")}
                      <span className="sr-only"> {upload.file.name}</span>
                    </Link>
                  ) : null}
                </div>
                <progress
                  className="mt-2 h-2 w-full accent-primary"
                  max={100}
                  value={percent}
                  aria-label={t("admin.media.progressOf", { name: upload.file.name })}
                />
                <p className="mt-1 text-xs text-muted-foreground" role={upload.status === "failed" ? "alert" : undefined}>
                  {upload.status === "failed"
                    ? t(upload.error ?? "admin.errors.failed")
                    : t(`admin.media.status.${upload.status}`, { percent })}
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
