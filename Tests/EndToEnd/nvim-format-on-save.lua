-- Run by editors.sh inside a real Neovim:
--   nvim --headless --clean --cmd 'set rtp^=Editors/nvim' -c 'luafile nvim-format-on-save.lua'
-- with CARDS_TEST_DIR holding messy.cards (a sample the formatter changes), expected.cards
-- (`cardc fmt -` of it) and broken.cards (a syntax error). Exits 0 and prints what it saw, or
-- exits 1 with the failures.
local dir = assert(os.getenv('CARDS_TEST_DIR'), 'CARDS_TEST_DIR is not set')
local failures, seen = {}, {}

local function check(condition, message)
  if not condition then table.insert(failures, message) end
end

local function lines() return vim.api.nvim_buf_get_lines(0, 0, -1, false) end

-- Warnings go through vim.notify: collect them.
local notes = {}
vim.notify = function(message, level) table.insert(notes, { message = message, level = level }) end

vim.cmd('filetype plugin on')

-- 1. Filetype and settings.
vim.cmd('edit ' .. dir .. '/messy.cards')
check(vim.bo.filetype == 'cards', 'filetype is "' .. vim.bo.filetype .. '", not cards')
check(vim.bo.shiftwidth == 2 and vim.bo.expandtab, 'indentation is not two spaces')
check(vim.bo.commentstring == '// %s', 'commentstring is ' .. vim.bo.commentstring)
table.insert(seen, 'filetype=' .. vim.bo.filetype .. ' shiftwidth=' .. vim.bo.shiftwidth ..
  ' commentstring=' .. vim.bo.commentstring)

-- 2. Format on save: the buffer and the file become `cardc fmt -`'s output.
local expected = vim.fn.readfile(dir .. '/expected.cards')
local before = lines()
check(not vim.deep_equal(before, expected), 'the test deck is already formatted')
vim.api.nvim_win_set_cursor(0, { 20, 4 })
vim.cmd('silent write')
check(vim.deep_equal(lines(), expected), 'the buffer was not formatted on save')
check(vim.deep_equal(vim.fn.readfile(dir .. '/messy.cards'), expected), 'the file on disk is not the formatted text')
check(not vim.bo.modified, 'the buffer is still modified after :write')
table.insert(seen, string.format('format on save: %d lines -> %d lines, equal to cardc fmt -: %s; cursor at line %d',
  #before, #lines(), tostring(vim.deep_equal(lines(), expected)), vim.api.nvim_win_get_cursor(0)[1]))

-- 3. Saving again changes nothing.
vim.cmd('silent write')
check(vim.deep_equal(lines(), expected), 'a second save changed the buffer')

-- 4. A syntax error: the buffer is saved as it is and cardc's diagnostic is shown.
vim.cmd('edit ' .. dir .. '/broken.cards')
local broken = lines()
notes = {}
vim.cmd('silent write')
check(vim.deep_equal(lines(), broken), 'a buffer with a syntax error was changed')
check(vim.deep_equal(vim.fn.readfile(dir .. '/broken.cards'), broken), 'the broken file was not saved as it was')
local warning = notes[1] and notes[1].message or ''
check(#notes == 1 and warning:find('E202', 1, true) ~= nil, 'no E202 warning: ' .. vim.inspect(notes))
table.insert(seen, 'syntax error: buffer unchanged, saved; warning: ' .. (warning:match('[^\n]*') or ''))

-- 5. :CardsFormat formats without saving.
vim.cmd('edit ' .. dir .. '/command.cards')
vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'card A {text("a") ;  text("b")}' })
vim.cmd('CardsFormat')
check(vim.deep_equal(lines(), { 'card A {', '  text("a")', '  text("b")', '}' }), ':CardsFormat did not format: ' .. vim.inspect(lines()))
check(vim.bo.modified, ':CardsFormat saved the buffer')
table.insert(seen, ':CardsFormat: ' .. table.concat(lines(), ' | '))

-- 6. Format on save can be turned off.
vim.g.cards_format_on_save = false
vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'card B {text("b")}' })
vim.cmd('silent write')
check(vim.deep_equal(vim.fn.readfile(dir .. '/command.cards'), { 'card B {text("b")}' }), 'format on save was not turned off')

if #failures > 0 then
  io.stderr:write('nvim: ' .. #failures .. ' failures\n  ' .. table.concat(failures, '\n  ') .. '\n')
  vim.cmd('cquit 1')
else
  io.stdout:write('nvim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' ..
    tostring(vim.version().patch) .. ': ok\n  ' .. table.concat(seen, '\n  ') .. '\n')
  vim.cmd('qall!')
end
