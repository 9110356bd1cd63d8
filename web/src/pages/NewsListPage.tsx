import { NewsCard } from "../modules/media/MediaCards";
import { MediaListPage } from "../modules/media/MediaListPage";

const NEWS: ["NEW", "EVENT"] = ["NEW", "EVENT"];

export default function NewsListPage() {
  return <MediaListPage title="Nouveautés, évènements" categories={NEWS} Card={NewsCard} />;
}
