import { DataSource } from "typeorm";
import { GeoService } from "./modules/geo/geo.service";
import { TownData } from "./modules/geo/town-data";
import { MediaService } from "./modules/media/media.service";
import { StructureService } from "./modules/structures/service.service";

/** The application's services, built once per process and shared by GraphQL and REST. */
export interface Services {
  media: MediaService;
  structures: StructureService;
  geo: GeoService;
}

export function createServices(dataSource: DataSource, towns: TownData): Services {
  return {
    media: new MediaService(dataSource),
    structures: new StructureService(dataSource),
    geo: new GeoService(dataSource, towns),
  };
}
