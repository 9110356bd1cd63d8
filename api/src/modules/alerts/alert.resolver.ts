import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import { MediaSearchInput } from "../media/media.inputs";
import { SheetSearchInput } from "../sheets/sheet.inputs";
import type { Context } from "../../context";
import { ID } from "../common/id.scalar";
import { alertStats } from "./alert-stats";
import { AlertList, AlertRhythm } from "./alert.entity";
import { AlertStats, AlertSubscriptionInput, AlertSubscriptionResult, AlertsOfAddress, AlertView } from "./alert.types";

const TOKEN = { description: "Le jeton du lien reçu par e-mail." };

@Resolver()
export class AlertResolver {
  @Mutation(() => AlertSubscriptionResult, {
    description:
      "« Me prévenir » : demande une alerte par e-mail sur une recherche (sans compte). Seul un e-mail de " +
      "confirmation part ; la réponse est toujours la même.",
  })
  subscribeAlert(
    @Arg("input", () => AlertSubscriptionInput) input: AlertSubscriptionInput,
    @Ctx() ctx: Context,
  ): Promise<AlertSubscriptionResult> {
    return ctx.services.alerts.subscribe(ctx.viewer, input, ctx.http.ip);
  }

  @Query(() => String, {
    description:
      "Le libellé qu'aurait une alerte sur cette recherche (« Crèches avec places · 10 km autour de Lescar ») : " +
      "celui des e-mails, montré avant de la demander.",
  })
  alertLabel(
    @Arg("list", () => AlertList) list: AlertList,
    @Arg("media", () => MediaSearchInput, { nullable: true }) media: MediaSearchInput | null,
    @Arg("services", () => SheetSearchInput, { nullable: true }) services: SheetSearchInput | null,
    @Arg("placeLabel", () => String, { nullable: true }) placeLabel: string | null,
    @Ctx() ctx: Context,
  ): string {
    return ctx.services.alerts.label(ctx.viewer, list, media, services, placeLabel);
  }

  @Mutation(() => AlertSubscriptionResult, {
    description:
      "« Recevoir le lien de mes alertes » : envoie le lien « Mes alertes » à l'adresse si elle a des alertes. " +
      "La réponse est toujours la même.",
  })
  sendAlertsLink(
    @Arg("email", { description: "L'adresse des alertes." }) email: string,
    @Ctx() ctx: Context,
  ): Promise<AlertSubscriptionResult> {
    return ctx.services.alerts.sendManageLink(ctx.viewer, email, ctx.http.ip);
  }

  @Mutation(() => AlertView, {
    description: "Confirme une alerte avec le lien reçu (valable 7 jours) ; sans effet la deuxième fois.",
  })
  confirmAlert(@Arg("token", TOKEN) token: string, @Ctx() ctx: Context): Promise<AlertView> {
    return ctx.services.alerts.confirm(token);
  }

  @Query(() => AlertsOfAddress, { description: "« Mes alertes » : les alertes d'une adresse, avec son lien signé." })
  alertsOfAddress(@Arg("token", TOKEN) token: string, @Ctx() ctx: Context): Promise<AlertsOfAddress> {
    return ctx.services.alerts.ofAddress(token);
  }

  @Mutation(() => AlertView, {
    description: "Change le rythme d'une alerte, la met en pause ou la relance (lien « Mes alertes »).",
  })
  updateAlert(
    @Arg("token", TOKEN) token: string,
    @Arg("id", () => ID) id: string,
    @Arg("rhythm", () => AlertRhythm, { nullable: true }) rhythm: AlertRhythm | null,
    @Arg("paused", () => Boolean, { nullable: true }) paused: boolean | null,
    @Ctx() ctx: Context,
  ): Promise<AlertView> {
    return ctx.services.alerts.update(token, id, { rhythm, paused });
  }

  @Mutation(() => Boolean, { description: "Supprime une alerte (lien « Mes alertes »)." })
  deleteAlert(@Arg("token", TOKEN) token: string, @Arg("id", () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.alerts.delete(token, id);
  }

  @Mutation(() => Int, {
    description: "Efface toutes les alertes de l'adresse et leurs envois (lien « Mes alertes ») ; renvoie leur nombre.",
  })
  eraseAlertAddress(@Arg("token", TOKEN) token: string, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.alerts.eraseAddress(token);
  }

  @Mutation(() => AlertView, {
    description: "« Ne plus recevoir cette alerte » : termine l'alerte du lien (jeton stop).",
  })
  stopAlert(@Arg("token", TOKEN) token: string, @Ctx() ctx: Context): Promise<AlertView> {
    return ctx.services.alerts.stop(token);
  }

  @Query(() => AlertStats, { description: "Les alertes en chiffres (administrateurs) ; aucune adresse." })
  alertStats(@Ctx() ctx: Context): Promise<AlertStats> {
    return alertStats(ctx.dataSource, ctx.reads, ctx.viewer);
  }
}
