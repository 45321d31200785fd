// Kiai driven as Sabaki drives an engine, through Sabaki's own GTP library (@sabaki/gtp):
// list_commands, kata-analyze streaming at least two rounds of info lines, a play that
// interrupts the stream, and lz-genmove_analyze. Exits 1 with a message on any failure.
// Usage: node sabaki_client.js PYTHON REPO_DIR
const {Controller} = require('@sabaki/gtp')

const [python, repo] = process.argv.slice(2)
const fail = message => {
  console.error(`sabaki client: ${message}`)
  process.exit(1)
}
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

async function main() {
  const kiai = new Controller(python, ['-m', 'gtp.cli', 'gtp', '--workers', '0', '--move-time', '2'], {cwd: repo})
  kiai.start()
  const send = async (name, ...args) => {
    const response = await kiai.sendCommand({name, args})
    if (response.error) fail(`${name} ${args.join(' ')} answered an error: ${response.content}`)
    return response.content
  }
  const commands = (await send('list_commands')).split('\n')
  for (const name of ['kata-analyze', 'lz-analyze', 'analyze', 'lz-genmove_analyze', 'kata-genmove_analyze']) {
    if (!commands.includes(name)) fail(`list_commands lacks ${name}`)
  }
  await send('boardsize', '19')
  await send('clear_board')
  for (const [color, v] of [['B', 'Q16'], ['W', 'D4'], ['B', 'Q4'], ['W', 'D16'], ['B', 'C3'], ['W', 'D3']]) {
    await send('play', color, v)
  }

  // kata-analyze: rounds of info lines until the next command arrives
  const infos = []
  const analysis = kiai.sendCommand({name: 'kata-analyze', args: ['B', '30']}, ({line}) => {
    if (line.startsWith('info ')) infos.push(line)
  })
  const started = Date.now()
  while (infos.length < 2) {
    if (Date.now() - started > 30000) fail(`only ${infos.length} info lines in 30 s`)
    await sleep(20)
  }
  for (const line of infos) {
    if (!/^info move [A-T]\d+ visits \d+ .*winrate [\d.]+ .*scoreLead -?[\d.]+ .*order 0 pv [A-T]\d+/.test(line)) {
      fail(`malformed info line: ${line.slice(0, 200)}`)
    }
  }
  const played = kiai.sendCommand({name: 'play', args: ['B', 'R10']})
  const ended = await analysis
  if (ended.error) fail(`kata-analyze ended with an error: ${ended.content}`)
  const answer = await played
  if (answer.error) fail(`play during the analysis failed: ${answer.content}`)
  const count = infos.length
  await sleep(300)
  if (infos.length !== count) fail('info lines arrived after the stream was stopped')
  if (!(await send('list_stones', 'black')).split(' ').includes('R10')) fail('the move sent during the analysis was not played')

  // lz-genmove_analyze: info lines, then `play V`, and the move is on the board
  const content = await send('lz-genmove_analyze', 'W', '50')
  const lines = content.split('\n')
  if (!lines.some(line => line.startsWith('info move '))) fail(`lz-genmove_analyze gave no info line: ${content}`)
  const last = lines[lines.length - 1]
  const move = /^play ([A-T]\d+|pass)$/i.exec(last)
  if (!move) fail(`lz-genmove_analyze did not end with play V: ${last}`)
  if (move[1].toLowerCase() !== 'pass' && !(await send('list_stones', 'white')).split(' ').includes(move[1])) {
    fail(`the move ${move[1]} was not played`)
  }
  await kiai.stop()
  console.log(`ok: ${count} info lines, then play; genmove_analyze played ${move[1]}`)
}

main().catch(err => fail(String(err && err.stack || err)))
