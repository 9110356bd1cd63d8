import { ResourceCard } from "../modules/media/MediaCards";
import { MediaListPage } from "../modules/media/MediaListPage";

const RESOURCES: ["RESOURCE"] = ["RESOURCE"];

export default function ResourcesListPage() {
  return <MediaListPage title="Documentations, articles" mode="resources" categories={RESOURCES} Card={ResourceCard} />;
}
