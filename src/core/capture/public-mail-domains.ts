/**
 * Mail domains anyone can sign up at: a participant's address there says nothing about which
 * client they belong to, so the domain rule of client matching never uses them (an exact address
 * still matches). The large free providers, their regional spellings, and privacy and ISP mailers
 * seen in practices' client lists.
 */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(
  // Google, Microsoft, Yahoo, Apple, AOL/Verizon
  (
    "gmail.com googlemail.com outlook.com outlook.co.uk hotmail.com hotmail.co.uk hotmail.fr " +
    "hotmail.de hotmail.it hotmail.es live.com live.co.uk live.fr live.ca msn.com passport.com " +
    "windowslive.com yahoo.com yahoo.co.uk yahoo.fr yahoo.de yahoo.es yahoo.it yahoo.ca yahoo.com.au " +
    "yahoo.co.in yahoo.co.jp ymail.com rocketmail.com icloud.com me.com mac.com aol.com aim.com " +
    "verizon.net " +
    // privacy and independent mailers
    "proton.me protonmail.com protonmail.ch pm.me tutanota.com tutanota.de tuta.io tuta.com " +
    "fastmail.com fastmail.fm hey.com zoho.com zohomail.com mail.com email.com hushmail.com " +
    "mailbox.org posteo.de posteo.net runbox.com duck.com skiff.com yandex.com yandex.ru ya.ru " +
    "mail.ru inbox.ru list.ru bk.ru rambler.ru qq.com 163.com 126.com yeah.net sina.com naver.com " +
    "daum.net hanmail.net rediffmail.com " +
    // European and North American ISPs
    "web.de t-online.de freenet.de arcor.de orange.fr wanadoo.fr free.fr sfr.fr laposte.net libero.it " +
    "virgilio.it tiscali.it alice.it btinternet.com sky.com virginmedia.com talktalk.net ntlworld.com " +
    "blueyonder.co.uk comcast.net att.net sbcglobal.net bellsouth.net charter.net cox.net " +
    "earthlink.net optonline.net frontier.com shaw.ca rogers.com sympatico.ca bigpond.com " +
    "optusnet.com.au xtra.co.nz seznam.cz wp.pl o2.pl onet.pl interia.pl bluewin.ch telenet.be " +
    "skynet.be ziggo.nl kpnmail.nl home.nl planet.nl"
  ).split(" "),
);

/** Families registered under many country endings: gmx.de, gmx.net, gmx.at, gmx.com … */
const PUBLIC_MAIL_FAMILIES = ["gmx", "yahoo", "hotmail", "outlook", "live", "aol"] as const;

/** True for a lower-case domain anyone can get an address at ("gmail.com", "gmx.at"). */
export function isPublicMailDomain(domain: string): boolean {
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return true;
  const first = domain.split(".", 1)[0];
  return PUBLIC_MAIL_FAMILIES.some((family) => family === first);
}
