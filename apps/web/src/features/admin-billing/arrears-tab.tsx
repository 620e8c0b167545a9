import { AddCard } from '@mui/icons-material';
import { Box, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { formatKes, formatPhone } from '@portal/contract';
import { useState } from 'react';
import { shortDate } from '../../shared/payments/documents';
import { ExportMenu } from '../../shared/ui/export-menu';
import { SummaryCard } from '../../shared/ui/summary-card';
import { TextInput } from '../../shared/ui/text-input';
import { useDebounced } from '../../shared/ui/use-debounced';
import { useAdminArrears } from './api';
import type { PaymentDefaults } from './dialogs';
import { ListState, MemberCell, PagedList, plural, RowAction, right, SearchField, useFilteredPaging } from './list-parts';

type ArrearsMember = NonNullable<ReturnType<typeof useAdminArrears>['data']>['members'][number];
type ArrearsListProps = { members: ArrearsMember[]; onPay: (d: PaymentDefaults) => void };

/** Record a payment for a member's arrears (members without a number cannot pay yet). */
function ArrearsAction({ member, onPay }: { member: ArrearsMember; onPay: (d: PaymentDefaults) => void }) {
  if (!member.memberNo) return null;
  return (
    <RowAction
      primary
      label={`Record payment for ${member.memberNo}`}
      hint="Record payment"
      icon={<AddCard fontSize="small" />}
      onClick={() => onPay({ memberNo: member.memberNo, amount: member.arrears })}
    />
  );
}

function ArrearsRows({ members, onPay }: ArrearsListProps) {
  return members.map((m) => (
    <TableRow key={m.profileId} hover>
      <MemberCell name={m.name} memberNo={m.memberNo} profileId={m.profileId} />
      <TableCell>{m.category ?? '—'}</TableCell>
      <TableCell>
        <Typography variant="body2">{m.email ?? '—'}</Typography>
        <Typography variant="caption" color="text.secondary">
          {formatPhone(m.phoneNo)}
        </Typography>
      </TableCell>
      <TableCell align="right">{m.overdueInvoices}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(m.oldestDueDate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: 'error.main', fontWeight: 700 }}>
        {formatKes(m.arrears)}
      </TableCell>
      <TableCell>
        <ArrearsAction member={m} onPay={onPay} />
      </TableCell>
    </TableRow>
  ));
}

/** On a phone each member in arrears is a card: the arrears, the overdue invoices, how to reach them and the action. */
function ArrearsCards({ members, onPay }: ArrearsListProps) {
  return members.map((m) => (
    <SummaryCard
      key={m.profileId}
      label={`Arrears of ${m.memberNo ?? m.profileId}`}
      head={
        <Typography variant="body2" color="text.secondary">
          {m.memberNo ?? m.profileId}
          {m.category && ` · ${m.category}`}
        </Typography>
      }
      aside={<Typography sx={{ whiteSpace: 'nowrap', color: 'error.main', fontWeight: 700 }}>{formatKes(m.arrears)}</Typography>}
      title={m.name}
    >
      <Typography variant="body2">
        {plural(m.overdueInvoices, 'overdue invoice')}, oldest due {shortDate(m.oldestDueDate)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[m.email, formatPhone(m.phoneNo)].filter(Boolean).join(' · ') || '—'}
      </Typography>
      <Box>
        <ArrearsAction member={m} onPay={onPay} />
      </Box>
    </SummaryCard>
  ));
}

export function ArrearsTab({ onPay }: { onPay: (d: PaymentDefaults) => void }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const term = useDebounced(search);
  const cat = useDebounced(category);
  const paging = useFilteredPaging(term, cat);
  const { page, pageSize } = paging;
  const filters = { search: term, category: cat };
  const list = useAdminArrears({ ...filters, page: page + 1, pageSize });
  const data = list.data;
  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <SearchField label="Member or name" value={search} onChange={setSearch} />
        <TextInput
          size="small"
          fullWidth={false}
          label="Category code"
          value={category}
          onChange={(e) => setCategory(e.target.value.toUpperCase())}
          sx={{ width: 170 }}
        />
        <Box sx={{ ml: 'auto' }}>
          <ExportMenu list="arrears" filters={filters} />
        </Box>
      </Stack>
      <ListState loading={list.isFetching} error={list.error} empty={data?.members.length === 0}>
        {data && data.members.length > 0 && (
          <PagedList
            label="Arrears"
            columns={['Member', 'Category', 'Contact', right('Overdue invoices'), 'Oldest due', right('Arrears'), 'Actions']}
            total={`Total (${plural(data.totals.members, 'member')} in arrears): ${formatKes(data.totals.arrears)}`}
            rows={<ArrearsRows members={data.members} onPay={onPay} />}
            cards={<ArrearsCards members={data.members} onPay={onPay} />}
            footer={
              <>
                <TableCell colSpan={5}>Total ({plural(data.totals.members, 'member')} in arrears)</TableCell>
                <TableCell align="right">{formatKes(data.totals.arrears)}</TableCell>
                <TableCell />
              </>
            }
            count={data.total}
            paging={paging}
          />
        )}
      </ListState>
    </Box>
  );
}
