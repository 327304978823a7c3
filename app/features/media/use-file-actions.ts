import { useCallback, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useNavigate } from "react-router";
import { FORM_TOAST_ID } from "~/components/form/use-form-answer";
import { toast } from "~/components/ui/toaster";
import { authUrlReturningTo } from "~/lib/return-to";
import type { MediaItemView } from "./media-types";

/**
 * Preview and download from the browser. Download asks the server for a 60 s signed URL (it
 * counts the download and refuses visitors with 401), then lets the browser fetch that URL
 * natively: the response is an attachment streamed from disk, so the browser's own download UI
 * shows progress and nothing is buffered in page memory.
 */
export function useFileActions(isSignedIn: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  // Counts returned by the server after a download, shown until the list reloads.
  const [downloadCounts, setDownloadCounts] = useState<Record<string, number>>({});

  // Spec §6: the toast, then /auth; with the way back to this item, its dialog open (`?item=`).
  const requireSignIn = useCallback(
    (item?: MediaItemView) => {
      // The form toast's id: the sign-in or sign-up toast that ends this detour replaces it.
      toast.error(t("media.toast.authRequiredTitle"), { description: t("media.toast.authRequiredDescription"), id: FORM_TOAST_ID });
      const params = new URLSearchParams(window.location.search);
      if (item) params.set("item", item.id);
      params.delete("cursor");
      void navigate(authUrlReturningTo(`${window.location.pathname}${params.size ? `?${params}` : ""}`));
    },
    [navigate, t],
  );

  const preview = useCallback(
    async (item: MediaItemView) => {
      try {
        const response = await fetch(`/api/media/${item.id}/preview?format=json`, {
          headers: { Accept: "application/json" },
        });
        // An image without a visitor's rendition opens after signing in.
        if (response.status === 401) return requireSignIn(item);
        if (!response.ok) throw new Error(`status ${response.status}`);
        const { url } = (await response.json()) as { url: string };
        window.open(url, "_blank", "noopener,noreferrer");
      } catch (error) {
        console.error("Preview failed", error);
        toast.error(t("media.toast.previewFailedTitle"), { description: t("media.toast.previewFailedDescription") });
      }
    },
    [requireSignIn, t],
  );

  const download = useCallback(
    async (item: MediaItemView) => {
      if (!isSignedIn) return requireSignIn(item);
      setDownloadingId(item.id);
      try {
        const response = await fetch(`/api/media/${item.id}/download`, {
          method: "POST",
          headers: { Accept: "application/json" },
        });
        if (response.status === 401) return requireSignIn(item);
        if (!response.ok) throw new Error(`status ${response.status}`);
        const { url, fileName, downloadCount } = (await response.json()) as { url: string; fileName: string; downloadCount?: number };
        if (typeof downloadCount === "number") setDownloadCounts((counts) => ({ ...counts, [item.id]: downloadCount }));
        const link = document.createElement("a");
        link.href = url;
        link.download = fileName;
        link.rel = "noopener";
        document.body.appendChild(link);
        link.click();
        link.remove();
        toast.success(t("media.toast.downloadStartedTitle"), {
          description: t("media.toast.downloadStartedDescription", { title: item.title }),
        });
      } catch (error) {
        console.error("Download failed", error);
        toast.error(t("media.toast.downloadFailedTitle"), { description: t("media.toast.downloadFailedDescription") });
      } finally {
        setDownloadingId(null);
      }
    },
    [isSignedIn, requireSignIn, t],
  );

  return { preview, download, requireSignIn, downloadingId, downloadCounts };
}
