/**
 * Who is signed in, at the drawer's head: a name (a member's first name, a firm's whole name) and a second line. Each
 * is cut to one line with an ellipsis, with the full text as the element's title, which the browser shows as its
 * tooltip (issue 16; drawn without MUI, decision 043).
 */
export function DrawerIdentity({ name, detail }: { name: string; detail: string }) {
  return (
    <div className="lt-drawer-identity">
      <div className="lt-ellipsis lt-strong" title={name} data-testid="drawer-name">
        {name}
      </div>
      <div className="lt-ellipsis lt-body2 lt-muted" title={detail}>
        {detail}
      </div>
    </div>
  );
}
