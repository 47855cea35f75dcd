-- Drives Neovim's built-in LSP client against `cardc lsp` (see nvim-lsp.sh): opens a sample
-- with the repository's Editors/nvim set-up (its ftplugin starts the server), waits for
-- diagnostics, breaks a part name and waits for the error, asks for hover and completion,
-- checks the answers, mends the buffer with the "fix all" code action, applies the "ignore this
-- warning" quick fix in a scratch deck and sees the warning go, does the same with a contrast
-- quick fix (W1001: the nearest passing colour), shows a card's code lenses and renames it
-- across two files of which one is not open, and quits with status 0, or 1 on the first failure.
local root = os.getenv('CARDS_ROOT')
local sample = root .. '/Samples/overview.cards'
vim.opt.runtimepath:append(root .. '/Editors/nvim')
vim.g.cards_cardc = os.getenv('CARDC')
vim.g.cards_format_on_save = false -- nothing is saved anyway
vim.cmd('filetype plugin on')

local function say(text) io.stdout:write(text .. '\n') end
local function fail(text)
  say('FAIL: ' .. text)
  vim.cmd('cquit 1')
end

-- Count every publishDiagnostics the client gets.
local published = 0
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  published = published + 1
  return default_handler(err, result, ctx, config)
end

vim.cmd('edit ' .. vim.fn.fnameescape(sample))
local bufnr = vim.api.nvim_get_current_buf()
if vim.bo.filetype ~= 'cards' then fail('the filetype is ' .. vim.bo.filetype) end
if not vim.wait(10000, function() return next(vim.lsp.buf_get_clients(bufnr)) ~= nil end, 20) then
  fail('the ftplugin did not start the client')
end

if not vim.wait(20000, function() return published >= 1 end, 20) then fail('no diagnostics were published') end
local initial = vim.diagnostic.get(bufnr)
say(('diagnostics on open: %d'):format(#initial))
if #initial ~= 0 then fail('the sample should be clean') end

-- The line `  title($title, …)` of card Budget: `title` → `titel`, an incremental change.
local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
local title_line
for i, line in ipairs(lines) do
  if line:match('^  title%(%$title') then title_line = i - 1; break end
end
if not title_line then fail('no title line in the sample') end
vim.api.nvim_buf_set_text(bufnr, title_line, 2, title_line, 7, { 'titel' })
local function has_code(code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == code) then return d end
  end
end
if not vim.wait(20000, function() return has_code('E301') ~= nil end, 20) then fail('no E301 after the edit') end
local e301 = has_code('E301')
say(('after the edit: %d diagnostics; E301 at %d:%d: %s'):format(#vim.diagnostic.get(bufnr), e301.lnum + 1, e301.col + 1,
  (e301.message:gsub('\n.*', ''))))

local uri = vim.uri_from_bufnr(bufnr)
local function request(method, params)
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  if not responses then fail(method .. ': no answer') end
  for _, response in pairs(responses) do
    if response.err then fail(method .. ': ' .. vim.inspect(response.err)) end
    return response.result
  end
end

-- Hover on `Budget` in `card Budget:` and on `$spent`.
local card_line, spent_line, spent_col
for i, line in ipairs(lines) do
  if line:match('^card Budget') then card_line = i - 1 end
  local col = line:find('$spent', 1, true)
  if col and not spent_line then spent_line, spent_col = i - 1, col end
end
local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = card_line, character = 6 } })
local value = hover and hover.contents and hover.contents.value or ''
say('hover on Budget: ' .. (value:gsub('\n', ' | ')):sub(1, 160))
if not value:find('card Budget', 1, true) or not value:find("This month's budget", 1, true) then fail('hover on the card') end
local preview = value:match('```text\n(.-)\n```')
if not preview then fail("the hover has no preview of the card") end
say('preview in the hover:\n' .. preview)

local binding = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = spent_line, character = spent_col + 1 } })
local binding_text = binding and binding.contents and binding.contents.value or ''
say('hover on $spent: ' .. (binding_text:gsub('\n', ' | ')))
if not binding_text:find('$spent: Double', 1, true) then fail('hover on the binding') end

-- Completion at the start of the (broken) title line: parts of the catalog.
local completion = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = title_line, character = 4 } })
local items = completion and (completion.items or completion) or {}
local labels = {}
for _, item in ipairs(items) do labels[item.label] = true end
say(('completion at `ti|`: %d items, e.g. %s'):format(#items, table.concat(vim.tbl_map(function(i) return i.label end, { unpack(items, 1, 6) }), ', ')))
if not labels['title'] or not labels['text'] then fail('completion lacks title or text') end

-- "Fix all" on the broken buffer, as fix on save would ask: a second mistake first (a label
-- `style:` → `styel:`), then the `source.fixAll` action mends both, as `cardc fix` would, and
-- the buffer is clean again.
local style_line, style_col
for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
  local col = line:find('style: ', 1, true)
  if col and i - 1 ~= title_line then style_line, style_col = i - 1, col; break end
end
if not style_line then fail('no style: in the sample') end
vim.api.nvim_buf_set_text(bufnr, style_line, style_col - 1, style_line, style_col + 4, { 'styel' })
if not vim.wait(20000, function() return has_code('E310') ~= nil end, 20) then fail('no E310 after the second edit') end
local last = vim.api.nvim_buf_line_count(bufnr) - 1
local actions = request('textDocument/codeAction', {
  textDocument = { uri = uri },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
  context = { diagnostics = {}, only = { 'source.fixAll' } },
}) or {}
local fix_all
for _, action in ipairs(actions) do if action.kind == 'source.fixAll' then fix_all = action end end
if not fix_all or not fix_all.edit then fail('no source.fixAll action with an edit') end
say('fix all: ' .. fix_all.title)
vim.lsp.util.apply_workspace_edit(fix_all.edit, 'utf-16')
local mended = vim.api.nvim_buf_get_lines(bufnr, title_line, title_line + 1, false)[1]
local restyled = vim.api.nvim_buf_get_lines(bufnr, style_line, style_line + 1, false)[1]
say('lines after fix all: ' .. mended .. ' / ' .. restyled)
if not mended:match('^  title%(%$title,') then fail('fix all did not mend the title: ' .. mended) end
if not restyled:find('style: ', 1, true) then fail('fix all did not mend the label: ' .. restyled) end
if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20) then
  fail(('%d diagnostics left after fix all'):format(#vim.diagnostic.get(bufnr)))
end
-- "Ignore this warning here": a deck with an unused field, the client's code action at the
-- warning, its workspace edit applied as the client applies it, and the warning gone.
local scratch = vim.fn.tempname() .. '.cards'
vim.fn.writefile({ 'card Later {', '  model {', '    spent: 0.5', '    unused: "x"', '  }', '  bar(percent: $spent)', '}' }, scratch)
vim.cmd('edit ' .. vim.fn.fnameescape(scratch))
local later = vim.api.nvim_get_current_buf()
local function buffer_code(buffer, code)
  for _, d in ipairs(vim.diagnostic.get(buffer)) do
    if d.code == code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == code) then return d end
  end
end
if not vim.wait(20000, function() return buffer_code(later, 'W101') ~= nil end, 20) then fail('no W101 in the scratch deck') end
local w101 = buffer_code(later, 'W101')
local position = { line = w101.lnum, character = w101.col }
local responses = vim.lsp.buf_request_sync(later, 'textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(later) }, range = { start = position, ['end'] = position },
  context = { diagnostics = { w101.user_data and w101.user_data.lsp or {} } },
}, 10000) or {}
local ignore
for client_id, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    if action.title == 'Ignore W101 on this line (// cardc:ignore W101)' then
      ignore = action
      vim.lsp.util.apply_workspace_edit(action.edit, vim.lsp.get_client_by_id(client_id).offset_encoding)
    end
  end
end
if not ignore then fail('no "Ignore W101 on this line" code action') end
local edited = vim.api.nvim_buf_get_lines(later, 0, -1, false)
say('after "' .. ignore.title .. '": ' .. edited[4] .. ' / ' .. edited[5])
if edited[4] ~= '    // cardc:ignore W101' then fail('the suppression was not inserted above the field') end
if not vim.wait(20000, function() return #vim.diagnostic.get(later) == 0 end, 20) then
  fail('the warning is still reported: ' .. vim.inspect(vim.diagnostic.get(later)))
end
say('the W101 is gone after the quick fix')
os.remove(scratch)

-- A contrast quick fix: pale text on white (W1001), the client's code action at the warning
-- changes the `color:` to the nearest passing colour, and the warning goes.
local pale = vim.fn.tempname() .. '.cards'
vim.fn.writefile({ 'card Pale {', '  text("Pending", color: #A0A0A0)', '}' }, pale)
vim.cmd('edit ' .. vim.fn.fnameescape(pale))
local pale_buffer = vim.api.nvim_get_current_buf()
if not vim.wait(20000, function() return buffer_code(pale_buffer, 'W1001') ~= nil end, 20) then fail('no W1001 in the pale deck') end
local w1001 = buffer_code(pale_buffer, 'W1001')
local at = { line = w1001.lnum, character = w1001.col }
local contrast_responses = vim.lsp.buf_request_sync(pale_buffer, 'textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(pale_buffer) }, range = { start = at, ['end'] = at },
  context = { diagnostics = { w1001.user_data and w1001.user_data.lsp or {} } },
}, 10000) or {}
local recolour
for client_id, response in pairs(contrast_responses) do
  for _, action in ipairs(response.result or {}) do
    if action.kind == 'quickfix' and action.edit and action.title:find('#767676', 1, true) then
      recolour = action
      vim.lsp.util.apply_workspace_edit(action.edit, vim.lsp.get_client_by_id(client_id).offset_encoding)
    end
  end
end
if not recolour then fail('no W1001 quick fix to #767676: ' .. vim.inspect(contrast_responses)) end
local recoloured = vim.api.nvim_buf_get_lines(pale_buffer, 1, 2, false)[1]
say('after "' .. recolour.title .. '": ' .. recoloured)
if recoloured ~= '  text("Pending", color: #767676)' then fail('the colour was not changed: ' .. recoloured) end
if not vim.wait(20000, function() return #vim.diagnostic.get(pale_buffer) == 0 end, 20) then
  fail('the contrast warning is still reported: ' .. vim.inspect(vim.diagnostic.get(pale_buffer)))
end
say('the W1001 is gone after the quick fix')
os.remove(pale)

-- A cross-file rename: `ShelterNote` declared in pawtheme.cards and used (a push and a stack
-- entry) in pawpal.cards, which imports it and is NOT open. The rename from the declaration
-- must edit both files; written out, both read `RescueNote` and the deck still checks.
local deck = vim.fn.tempname()
vim.fn.mkdir(deck, 'p')
vim.fn.writefile({ 'card ShelterNote {', '  title: "Shelter"', '  text("Adopt a pet")', '}' }, deck .. '/pawtheme.cards')
vim.fn.writefile({ 'import "pawtheme.cards"', '', 'card PawPal {', '  title: "Paw pal"',
  '  button("Note", action: push(ShelterNote))', '}', '', 'stack Paws: sheet {', '  PawPal', '  ShelterNote', '}' },
  deck .. '/pawpal.cards')
vim.cmd('edit ' .. vim.fn.fnameescape(deck .. '/pawtheme.cards'))
local theme = vim.api.nvim_get_current_buf()
if not vim.wait(10000, function() return next(vim.lsp.buf_get_clients(theme)) ~= nil end, 20) then
  fail('no client for the pawtheme deck')
end
if vim.fn.bufexists(deck .. '/pawpal.cards') == 1 and vim.fn.bufloaded(deck .. '/pawpal.cards') == 1 then
  fail('pawpal.cards should not be open before the rename')
end
-- Code lenses above the card, which the runtime folder asks for once the server runs: the
-- stack that lists it and the card that pushes it, both in pawpal.cards, which is not open.
local lens_titles
if not vim.wait(20000, function()
  local lenses = vim.lsp.codelens.get(theme)
  if #lenses < 2 then return false end
  lens_titles = vim.tbl_map(function(l) return l.command and l.command.title or '?' end, lenses)
  return true
end, 20) then fail('no code lenses above ShelterNote') end
say('code lenses above ShelterNote: ' .. table.concat(lens_titles, ', '))
if table.concat(lens_titles, ', ') ~= 'stack Paws, pushed by PawPal' then fail('unexpected code lenses') end
vim.api.nvim_win_set_cursor(0, { 1, 7 }) -- on `ShelterNote`
vim.lsp.buf.rename('RescueNote')
local function pawpal_renamed()
  local buffer = vim.fn.bufnr(deck .. '/pawpal.cards')
  if buffer == -1 or vim.fn.bufloaded(buffer) == 0 then return false end
  local text = table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n')
  return not text:find('ShelterNote', 1, true) and select(2, text:gsub('RescueNote', '')) == 2
end
if not vim.wait(20000, pawpal_renamed, 20) then fail('the rename did not reach pawpal.cards, which is not open') end
local declared = vim.api.nvim_buf_get_lines(theme, 0, 1, false)[1]
if declared ~= 'card RescueNote {' then fail('the declaration was not renamed: ' .. declared) end
-- Only the two decks are written (the sample's buffer was edited above).
for _, buffer in ipairs({ theme, vim.fn.bufnr(deck .. '/pawpal.cards') }) do
  vim.api.nvim_buf_call(buffer, function() vim.cmd('silent write') end)
end
local function read(name)
  local file = io.open(deck .. '/' .. name)
  local text = file:read('*a')
  file:close()
  return text
end
local pal_text = read('pawpal.cards')
say('after the rename, pawtheme.cards: ' .. read('pawtheme.cards'):match('[^\n]*') .. '; pawpal.cards: '
  .. (pal_text:gsub('\n', ' | ')))
if read('pawtheme.cards'):find('ShelterNote', 1, true) or pal_text:find('ShelterNote', 1, true) then
  fail('ShelterNote is left on disk')
end
local check = vim.fn.system({ os.getenv('CARDC'), 'check', deck .. '/pawpal.cards' })
say('cardc check pawpal.cards: ' .. (check:gsub('\n', ' ')))
if vim.v.shell_error ~= 0 then fail('the renamed deck does not check') end
vim.fn.delete(deck, 'rf')

-- A workspace folder added from the editor (`:lua vim.lsp.buf.add_workspace_folder(…)`, which
-- sends workspace/didChangeWorkspaceFolders): its decks, none of them open, are indexed and
-- found by workspace symbols; removed, they are gone again.
local extra = vim.fn.tempname()
vim.fn.mkdir(extra, 'p')
vim.fn.writefile({ 'card LanternWalk {', '  text("Evening walk")', '}' }, extra .. '/lantern.cards')
local function lantern_symbols()
  local found = {}
  for _, response in pairs(vim.lsp.buf_request_sync(theme, 'workspace/symbol', { query = 'lanternw' }, 10000) or {}) do
    for _, symbol in ipairs(response.result or {}) do table.insert(found, symbol.name .. ' in ' .. symbol.location.uri) end
  end
  return found
end
if #lantern_symbols() ~= 0 then fail('LanternWalk found before its folder was added') end
vim.lsp.buf.add_workspace_folder(extra)
local added = lantern_symbols()
say('after adding ' .. extra .. ': workspace symbols for "lanternw": ' .. table.concat(added, ', '))
if #added ~= 1 or not added[1]:find('lantern.cards', 1, true) then fail('the added folder was not indexed') end
vim.lsp.buf.remove_workspace_folder(extra)
if #lantern_symbols() ~= 0 then fail('LanternWalk still found after its folder was removed') end
say('after removing it: none')
vim.fn.delete(extra, 'rf')

say('PASS')
vim.cmd('qall!')
