import { join } from "node:path";
import { DataSource } from "typeorm";
import { Config } from "./config";
import { AuthService } from "./modules/auth/auth.service";
import { LinkTokenService } from "./modules/auth/link-token.service";
import { SessionService } from "./modules/auth/session.service";
import { ThrottleService } from "./modules/auth/throttle.service";
import { AddressService } from "./modules/geo/address.service";
import { BasemapService, firstTile } from "./modules/geo/basemap.service";
import { GeoService } from "./modules/geo/geo.service";
import { Geocoder } from "./modules/geo/geocoder";
import { GeoplateformeGeocoder } from "./modules/geo/geoplateforme-geocoder";
import { MapboxGeocoder } from "./modules/geo/mapbox-geocoder";
import { TownData } from "./modules/geo/town-data";
import { createMailer, Mailer } from "./modules/mail/mailer";
import { MediaEditorService } from "./modules/media/media-editor.service";
import { MediaService } from "./modules/media/media.service";
import { diskStorage } from "./modules/uploads/storage";
import { UploadService } from "./modules/uploads/upload.service";
import { ServiceEditorService } from "./modules/structures/service-editor.service";
import { StructureService } from "./modules/structures/service.service";
import { UserService } from "./modules/users/user.service";

/** The application's services, built once per process and shared by GraphQL and REST. */
export interface Services {
  media: MediaService;
  mediaEditor: MediaEditorService;
  uploads: UploadService;
  structures: StructureService;
  serviceEditor: ServiceEditorService;
  geo: GeoService;
  addresses: AddressService;
  basemap: BasemapService;
  sessions: SessionService;
  auth: AuthService;
  users: UserService;
  mailer: Mailer;
}

export function createServices(dataSource: DataSource, towns: TownData, config: Config): Services {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const sessions = new SessionService(dataSource, config.sessionSecret);
  const throttle = new ThrottleService(dataSource);
  const tokens = new LinkTokenService(dataSource);
  const media = new MediaService(dataSource);
  const structures = new StructureService(dataSource);
  const uploads = new UploadService(dataSource, diskStorage(join(config.dataDir, "uploads")));
  return {
    media,
    mediaEditor: new MediaEditorService(dataSource, media, uploads),
    uploads,
    structures,
    serviceEditor: new ServiceEditorService(dataSource, structures),
    geo: new GeoService(dataSource, towns),
    addresses: new AddressService(dataSource, createGeocoder(config), config.departmentCode),
    basemap: new BasemapService(basemapProbeUrl(config)),
    sessions,
    auth: new AuthService(dataSource, sessions, throttle),
    users: new UserService({
      dataSource,
      mailer,
      tokens,
      sessions,
      throttle,
      publicUrl: config.publicUrl,
      contactEmail: config.site.contactEmail,
    }),
    mailer,
  };
}

/** What tells whether the maps' basemap answers: Mapbox's style (browsers load it there), else the first tile. */
function basemapProbeUrl(config: Config): string {
  return config.mapboxToken
    ? `https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token=${encodeURIComponent(config.mapboxToken)}`
    : firstTile(config.basemapUrl);
}

/** Mapbox when a token is configured, otherwise the national address API. */
function createGeocoder(config: Config): Geocoder {
  const { url, mapboxUrl, timeoutMs } = config.geocoder;
  return config.mapboxToken
    ? new MapboxGeocoder(mapboxUrl, config.mapboxToken, timeoutMs)
    : new GeoplateformeGeocoder(url, timeoutMs);
}
