import { Outlet } from "react-router";
import { CartNotices } from "~/features/cart/cart-notices";
import { MoveStoredCart } from "~/features/cart/move-stored-cart";
import { Footer } from "~/features/shell/footer";
import { Header } from "~/features/shell/header";
import { Particles } from "~/features/shell/particles";
import { PersonalSlot } from "~/features/shell/personal-slot";
import { useMessages } from "~/features/i18n/use-locale";

export default function Shell() {
  const m = useMessages("common");
  return (
    <div className="relative isolate flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50"
      >
        {m.common.skipToContent}
      </a>
      <Particles count={15} zone="gutters" className="fixed -z-10" />
      <Header />
      <PersonalSlot name="notices">
        <CartNotices />
      </PersonalSlot>
      <MoveStoredCart />
      <main id="main" className="relative flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
