import { NewsCard } from "../modules/media/MediaCards";
import { MediaListPage } from "../modules/media/MediaListPage";

// News search always covers both categories; the panel may narrow it to one.
const NEWS: ["NEW", "EVENT"] = ["NEW", "EVENT"];

export default function NewsListPage() {
  return <MediaListPage title="Nouveautés, évènements" mode="news" categories={NEWS} Card={NewsCard} />;
}
