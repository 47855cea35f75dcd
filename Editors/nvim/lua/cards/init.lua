-- Format `.cards` buffers with `cardc fmt -`, on save and with :CardsFormat. Works with
-- Neovim 0.7 and later.
--
--   vim.g.cards_cardc = 'cardc'            -- the executable (a name on PATH or a path)
--   vim.g.cards_format_on_save = false     -- to turn format on save off
local M = {}

local function command()
  return { vim.g.cards_cardc or 'cardc', 'fmt', '-' }
end

-- Replaces the buffer's text with `cardc fmt -`'s output. Returns true when it formatted.
-- A buffer with syntax errors is left as it is and cardc's diagnostics are shown.
function M.format(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local stdout, stderr = {}, {}
  local ok, job = pcall(vim.fn.jobstart, command(), {
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = function(_, data) stdout = data end,
    on_stderr = function(_, data) stderr = data end,
  })
  if not ok or job <= 0 then
    vim.notify('cards: cannot run ' .. command()[1], vim.log.levels.ERROR)
    return false
  end
  vim.fn.chansend(job, lines)
  vim.fn.chansend(job, '')      -- the final line break
  vim.fn.chanclose(job, 'stdin')
  local code = vim.fn.jobwait({ job }, 10000)[1]
  if code ~= 0 then
    local message = table.concat(stderr, '\n'):gsub('%s+$', '')
    vim.notify('cardc fmt: ' .. (message ~= '' and message or ('exit status ' .. code)), vim.log.levels.WARN)
    return false
  end
  -- The output ends in a line break: the last element is the empty rest after it.
  if stdout[#stdout] == '' then table.remove(stdout) end
  if not vim.deep_equal(stdout, lines) then
    local view = vim.fn.winsaveview()
    vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, stdout)
    vim.fn.winrestview(view)
  end
  -- The canonical form has line feeds only.
  vim.bo[bufnr].fileformat = 'unix'
  return true
end

-- Sets up format on save and :CardsFormat for a buffer (ftplugin/cards.lua calls it).
function M.attach(bufnr)
  local group = vim.api.nvim_create_augroup('cards_format_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('BufWritePre', {
    group = group,
    buffer = bufnr,
    callback = function(args)
      if vim.g.cards_format_on_save ~= false then M.format(args.buf) end
    end,
  })
  vim.api.nvim_buf_create_user_command(bufnr, 'CardsFormat', function() M.format(bufnr) end,
    { desc = 'Format the buffer with cardc fmt' })
end

return M
