import {
  groupHours,
  formatTime,
  SOCIAL_NETWORKS,
  type DayHours,
  type SocialNetwork,
  type Weekday,
} from "../../../domain/studio-identity.ts";
import { useLocale, useMessages } from "../i18n/use-locale";
import { FacebookIcon, InstagramIcon, LinkedinIcon, TiktokIcon, YoutubeIcon, type IconProps } from "./icons";

/** The studio's identity (Admin → Settings) as pages show it: the week's hours and the social links. */
export const SOCIAL_ICONS: Record<SocialNetwork, (p: IconProps) => React.ReactNode> = {
  instagram: InstagramIcon,
  youtube: YoutubeIcon,
  facebook: FacebookIcon,
  tiktok: TiktokIcon,
  linkedin: LinkedinIcon,
};

export const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  youtube: "YouTube",
  facebook: "Facebook",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
};

/** The networks the studio gave an address for, in a fixed order. */
export function socialLinks(
  socials: Record<SocialNetwork, string | null>,
): { network: SocialNetwork; url: string; name: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) =>
    socials[network] ? [{ network, url: socials[network]!, name: SOCIAL_NAMES[network] }] : [],
  );
}

/** One line per run of days with the same hours: "Monday to Friday, 9 a.m. to 6 p.m.", "Sunday: closed". */
export function useWeekHours(hours: Record<Weekday, DayHours>): string[] {
  const m = useMessages("shell").shell;
  const locale = useLocale();
  return groupHours(hours).map((group) => {
    const first = m.weekdays[group.first];
    const days = m.hoursDays(first, group.first === group.last ? null : m.weekdays[group.last]);
    return group.hours
      ? m.hoursOpen(days, formatTime(group.hours.open, locale), formatTime(group.hours.close, locale))
      : m.hoursClosed(days);
  });
}
