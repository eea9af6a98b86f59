import { ChevronDown, LayoutDashboard, LogOut, QrCode, Ticket, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/avatar';
import { RoleBadge } from '../../../ui/role-badge';
import { Spinner } from '../../../ui/spinner';
import { useAuth } from '../context/auth-context';

export interface UserMenuActions {
  onDashboard: () => void;
  onMyTickets: () => void;
  onQrScanner: () => void;
  onManageUsers: () => void;
}

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
}

const ICON = 'size-4 shrink-0';

/**
 * The signed-in person's menu (docs/product.md#shell). A menu button: Enter, Space or ArrowDown opens it on the
 * first item, arrows move, Home/End jump, Escape closes and returns focus, Tab leaves and closes.
 */
export function UserMenu(actions: UserMenuActions) {
  const { t } = useTranslation();
  const { user, role, signOut, signingOut } = useAuth();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user || !role) return null;

  const items: Item[] = [
    {
      key: 'dashboard',
      label: t('shell.menu.dashboard'),
      icon: <LayoutDashboard className={ICON} />,
      onSelect: actions.onDashboard,
    },
  ];
  if (role === 'guest') {
    items.push({
      key: 'tickets',
      label: t('shell.menu.myTickets'),
      icon: <Ticket className={ICON} />,
      onSelect: actions.onMyTickets,
    });
  }
  if (role === 'qrchecker' || role === 'admin' || role === 'manager') {
    items.push({
      key: 'scanner',
      label: t('shell.menu.qrScanner'),
      icon: <QrCode className={ICON} />,
      onSelect: actions.onQrScanner,
    });
  }
  if (role === 'admin' || role === 'manager') {
    items.push({
      key: 'users',
      label: t('shell.menu.manageUsers'),
      icon: <Users className={ICON} />,
      onSelect: actions.onManageUsers,
    });
  }

  const count = items.length + 1; // + Sign Out
  const focusItem = (index: number) => itemRefs.current[(index + count) % count]?.focus();

  function openAt(index: number) {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(count - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(count - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  function select(item: Item) {
    close(false);
    item.onSelect();
  }

  const itemClass =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-maroon-50 outline-none hover:bg-maroon-700 focus-visible:bg-maroon-700 focus-visible:outline-2 focus-visible:outline-gold-300 disabled:opacity-60';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('shell.menu.openFor', { name: user.name })}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-full border border-gold-400/30 bg-maroon-900/70 py-1 pr-2 pl-1 text-cream hover:border-gold-300/70 sm:pr-3"
      >
        <Avatar name={user.name} src={user.photoURL} size={32} />
        <span className="hidden max-w-[10rem] truncate text-sm font-medium md:inline">{user.name}</span>
        {/* On a phone the badge waits in the open menu: the bar keeps one row in every language. */}
        <span className="hidden sm:inline">
          <RoleBadge role={role} />
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('shell.menu.label')}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-gold-400/25 bg-maroon-900 p-2 shadow-2xl"
        >
          <div className="flex items-center gap-3 border-b border-gold-400/20 px-2 pt-1 pb-3" role="none">
            <Avatar name={user.name} src={user.photoURL} size={40} />
            {/* Wrapped, never cut: the menu is where a person checks which account they are signed in with. */}
            <div className="min-w-0">
              <p className="font-semibold break-words text-cream">{user.name}</p>
              <p className="text-xs [overflow-wrap:anywhere] text-maroon-200">{user.email}</p>
              <RoleBadge role={role} className="mt-1" />
            </div>
          </div>
          <div className="pt-2" role="none">
            {items.map((item, index) => (
              <button
                key={item.key}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => select(item)}
              >
                {item.icon}
                {item.label}
              </button>
            ))}
            <button
              ref={(element) => {
                itemRefs.current[items.length] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={signingOut}
              className={`${itemClass} mt-1 border-t border-gold-400/20 pt-3 text-rose-200`}
              onClick={() => {
                signOut().finally(() => close(false));
              }}
            >
              {signingOut ? <Spinner size="sm" /> : <LogOut className={ICON} />}
              {signingOut ? t('shell.menu.signingOut') : t('shell.menu.signOut')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
