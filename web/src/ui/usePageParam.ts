import { useSearchParams } from "react-router-dom";

/** The 1-based page number kept in the URL (?page=2), so a page can be shared and restored. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get("page"));
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete("page");
      else updated.set("page", String(next));
      return updated;
    });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
