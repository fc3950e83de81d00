import { AppShell, Burger, Center, Divider, Group, Loader, NavLink, Title } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import type { User } from '@supabase/supabase-js';
import { Fragment, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { OfflineBanner } from '@/components/offline-banner';
import { useItemTaxBackfillRunner } from '@/features/catalogue/api/item-tax-backfill';
import { SaveWorkspacePrompt } from '@/features/workspace/components/save-workspace-prompt';
import { WorkspaceHeader } from '@/features/workspace/components/workspace-header';
import type { WorkspaceDialog } from '@/features/workspace/utils/workspace-user';
import { ListStateProvider, type ListStore } from '@/lib/list-state';
import { useRealtimeInvalidation } from '@/lib/realtime';
import { loadAllStyles } from '@/lib/styles';
import { DiscardChangesModal, hasUnsavedChanges } from '@/components/discard-changes';
import { isScreenId, screenPlaces, screens, type ScreenId } from './screens';

const loadWorkspaceDialogs = () =>
  Promise.all([import('@/features/workspace/components/workspace-dialogs'), loadAllStyles()]).then(([m]) => m);
const WorkspaceDialogs = lazy(() => loadWorkspaceDialogs().then((m) => ({ default: m.WorkspaceDialogs })));

/** The screen a page's history entry shows: its own, kept across a reload, else the Dashboard. */
function screenOfEntry(state: unknown): ScreenId {
  const screen = (state as { screen?: unknown } | null)?.screen;
  return isScreenId(screen) ? screen : 'dashboard';
}

/** The one page: header, left navigation and the active screen (kept in state; there are no URLs). */
export function Shell({ user }: { user: User }) {
  useRealtimeInvalidation(user.id);
  useItemTaxBackfillRunner();
  // A reload keeps the history entry's state, so the page opens on the screen it showed.
  const [activeId, setActiveId] = useState<ScreenId>(() => screenOfEntry(history.state));
  const [navOpened, nav] = useDisclosure(false);
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null);
  const [listStore] = useState<ListStore>(() => new Map());
  // A screen change waiting for the owner to discard what they typed in a form.
  const [leaving, setLeaving] = useState<ScreenId | null>(null);
  // For the Back handler, which is set up once.
  const activeRef = useRef(activeId);
  useEffect(() => {
    activeRef.current = activeId;
  }, [activeId]);

  // Screens are entries of the page's history (its state, not its URL: the spec has no routes), so
  // the browser's Back and Forward move between them instead of leaving the app.
  useEffect(() => {
    history.replaceState({ ...history.state, screen: screenOfEntry(history.state) }, '');
    const onPopState = (event: PopStateEvent) => {
      const to = screenOfEntry(event.state);
      if (!hasUnsavedChanges()) {
        setActiveId(to);
        return;
      }
      // The browser has already moved: stay on this screen (a new entry for it) and ask first.
      history.pushState({ ...history.state, screen: activeRef.current }, '');
      setLeaving(to);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // A screen opens at its top, with its heading and buttons in view, wherever the last one was scrolled.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [activeId]);

  // Once the dashboard is up, fetch the other screens' (and the workspace dialogs') code in the
  // background so switching is instant.
  useEffect(() => {
    for (const screen of screens) if ('preload' in screen) void screen.preload();
    void loadWorkspaceDialogs();
  }, []);

  const goTo = (id: ScreenId) => {
    if (id !== activeId) history.pushState({ ...history.state, screen: id }, '');
    setActiveId(id);
    nav.close();
  };
  const openScreen = (id: ScreenId) => {
    if (id !== activeId && hasUnsavedChanges()) setLeaving(id);
    else goTo(id);
  };
  const discardAndLeave = () => {
    if (leaving) goTo(leaving);
    setLeaving(null);
  };

  const active = screens.find((screen) => screen.id === activeId)!;
  const ActiveScreen = active.component;
  // The phone's navigation slides in and out, unless the user asked their system for less motion
  // (as the theme's dialogs and drawers do).
  const reduceMotion = useReducedMotion();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
      transitionDuration={reduceMotion ? 0 : undefined}
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
          <IconBuildingFactory2 size={26} color="var(--mantine-color-indigo-6)" aria-hidden />
          <Title order={1} size="h3">
            FactoryFlow
          </Title>
          <Group ml="auto" gap="xs" wrap="nowrap" miw={0}>
            <WorkspaceHeader user={user} onOpen={setDialog} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Main navigation" style={{ overflowY: 'auto' }}>
        {screenPlaces.map((place, index) => (
          <Fragment key={place}>
            {index > 0 && <Divider my="xs" />}
            {screens
              .filter((screen) => screen.place === place)
              .map((screen) => (
                <NavLink
                  key={screen.id}
                  component="button"
                  label={screen.label}
                  leftSection={<screen.icon size={20} stroke={1.6} />}
                  active={screen.id === activeId}
                  aria-current={screen.id === activeId ? 'page' : undefined}
                  onClick={() => openScreen(screen.id)}
                  variant="filled"
                  mb={2}
                  py={6}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
          </Fragment>
        ))}
      </AppShell.Navbar>

      <OfflineBanner />
      <AppShell.Main bg="gray.0">
        <ListStateProvider store={listStore}>
          {/* Settings has the workspace's own section: the prompt would say the same twice. */}
          {active.place !== 'settings' && <SaveWorkspacePrompt user={user} onOpen={setDialog} />}
          <Suspense
            fallback={
              <Center py="xl" aria-busy="true">
                <Loader aria-label="Loading" />
              </Center>
            }
          >
            {/* Keyed, so a screen's state starts afresh each time it opens, as when each had its own block. */}
            <ActiveScreen key={active.id} user={user} openScreen={openScreen} openDialog={setDialog} />
          </Suspense>
        </ListStateProvider>
      </AppShell.Main>
      {/* Mounted only while it asks: a closed Modal still draws classes the first screen's CSS lacks. */}
      {leaving && <DiscardChangesModal opened onKeep={() => setLeaving(null)} onDiscard={discardAndLeave} />}
      {dialog && (
        <Suspense fallback={null}>
          <WorkspaceDialogs user={user} dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </AppShell>
  );
}
