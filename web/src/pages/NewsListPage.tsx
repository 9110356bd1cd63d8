import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import { NewsCard } from "../modules/media/MediaCards";
import { MediaListPage } from "../modules/media/MediaListPage";
import { lazyLoad } from "../ui/lazy-load";
import { LazyPart } from "../ui/LazyPart";

// News search always covers both categories; the panel may narrow it to one.
const NEWS: ["NEW", "EVENT"] = ["NEW", "EVENT"];

// « Que cherchez-vous ? » is rendered by the server; its code comes after the page's.
const HomeIntro = lazyLoad(() => import("../modules/home/HomeIntro"));

/** `/` and `/actualites` (spec §2); the home page first asks « Que cherchez-vous ? ». */
export default function NewsListPage() {
  const home = useLocation().pathname === "/";
  // The same element while the list changes: the part keeps the server's markup until its code
  // has come, rather than being drawn again without it.
  const intro = useMemo(
    () =>
      home ? (
        <LazyPart>
          <HomeIntro />
        </LazyPart>
      ) : undefined,
    [home],
  );
  return <MediaListPage title="Nouveautés, évènements" mode="news" categories={NEWS} Card={NewsCard} intro={intro} />;
}
