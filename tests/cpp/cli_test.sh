#!/usr/bin/env bash
# The ai2048 CLI: malformed input exits 2 with a one-line message naming the
# problem; selfplay plays full games whose trace the reference rules accept.
# Needs AI2048 and TRACE_CHECK (set by CTest).
set -u
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_error() {  # expect_error "words in the message" args...
  local want=$1; shift
  "$AI2048" "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne 2 ] || ! grep -q -- "$want" "$tmp/err" || [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    echo "FAIL: ai2048 $* -> status $status, stderr: $(cat "$tmp/err")"
    fails=$((fails + 1))
  fi
}

expect_error "16 tile values, got 3" suggest 2,2,4
expect_error "bad tile value 3 at cell 0" suggest 3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "bad tile value 262144" suggest 262144,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "not a number" suggest 2,x,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "no legal move" suggest 2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2
expect_error "needs a board" suggest
expect_error "unknown option --bogus" selfplay --bogus 1
expect_error "--games must be a whole number" selfplay --games -3
expect_error "--depth must be a whole number from 0 to 12" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --depth 40
expect_error "only one of depth, nodes and time" selfplay --depth 2 --nodes 100
expect_error "--time-ms must be a number" selfplay --time-ms -5
expect_error "unknown command" frobnicate
expect_error "needs a value" selfplay --games
expect_error 'unknown player "bogus" (expectimax, minimax, montecarlo, greedy, corner)' selfplay --player bogus
expect_error 'unknown spawner "nice" (random, evil, human)' selfplay --spawner nice
expect_error "--playouts must be a whole number from 1" selfplay --player montecarlo --playouts 0
expect_error "--evil-depth must be a whole number from 0 to 4" selfplay --spawner evil --evil-depth 9
expect_error "montecarlo takes playouts, not a search depth" selfplay --player montecarlo --depth 2
expect_error "arena plays without a person" arena --spawner human
expect_error 'unknown player "bogus"' arena --players greedy,bogus
expect_error "unknown option --depth" arena --depth 2

# A good suggestion is one JSON line with a legal direction.
out=$("$AI2048" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --depth 2)
if ! echo "$out" | grep -q '"dir":[0-3],"name":"[a-z]*","values":\['; then
  echo "FAIL: suggest printed: $out"; fails=$((fails + 1))
fi

# suggest --boards: one line a board, as suggest prints each alone (less the time).
printf '0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2\n\n# a comment\n2,4,8,16,0,2,4,8,0,0,2,0,0,0,0,0\n' >"$tmp/two.txt"
"$AI2048" suggest --boards "$tmp/two.txt" --eval heuristic --depth 2 | sed 's/,"ms":[^,}]*//' >"$tmp/batch"
for b in 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 2,4,8,16,0,2,4,8,0,0,2,0,0,0,0,0; do
  "$AI2048" suggest $b --eval heuristic --depth 2 | sed 's/,"ms":[^,}]*//'
done >"$tmp/singles"
if [ "$(wc -l <"$tmp/batch")" -ne 2 ] || ! cmp -s "$tmp/batch" "$tmp/singles"; then
  echo "FAIL: suggest --boards: $(cat "$tmp/batch") vs $(cat "$tmp/singles")"; fails=$((fails + 1))
fi
# --late: on a late board the late-game search chooses (lateWalls), below its tile it does not.
late_json() { "$AI2048" suggest 2,4,1024,16384,0,16,256,2048,0,8,128,256,2,4,4,2 --eval heuristic --depth 3 "$@"; }
if ! late_json --late 8192 | grep -q '"lateWalls":3' || late_json --late 32768 | grep -q '"lateWalls":'; then
  echo "FAIL: --late: $(late_json --late 8192) / $(late_json --late 32768)"
  fails=$((fails + 1))
fi
# --crowded-max-depth: a node budget deepens a crowded board (2 empty cells)
# no further than the cap, and past it without one.
crowded=2,4,8,0,16,32,64,2,1024,2048,4096,0,32768,16384,8192,1024
capped=$("$AI2048" suggest $crowded --nodes 200000 --crowded-max-depth 2 --tables off)
free=$("$AI2048" suggest $crowded --nodes 200000 --tables off)
echo "$capped" | grep -q '"depth":2,' && ! echo "$free" | grep -q '"depth":[12],' ||
  { echo "FAIL: --crowded-max-depth: $capped / $free"; fails=$((fails + 1)); }
expect_error "--crowded-max-depth must be a whole number from 1 to 12" suggest $crowded --crowded-max-depth 13
expect_error "--late must be a tile" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --late 3000
# --late-eval subgame: the sub-game heuristic's values on the late board
# (with 5 tiles of 256 or more, min_big=5); its weights checked.
sub=$(late_json --late 8192 --late-eval subgame --late-weights min_big=5)
own=$(late_json --late 8192)
[ "${sub%%\"depth\"*}" != "${own%%\"depth\"*}" ] && echo "$sub" | grep -q '"lateWalls":3' ||
  { echo "FAIL: --late-eval subgame: $sub / $own"; fails=$((fails + 1)); }
expect_error '--late-eval must be same or subgame, got "table"' suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --late-eval table
expect_error "--late-weights tunes --late-eval subgame" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --late-weights empty=1
expect_error 'unknown sub-game weight "wall"' suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --late-eval subgame --late-weights wall=1
expect_error "unknown option --walls" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --walls 3
expect_error "a board or --boards FILE, not both" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --boards "$tmp/two.txt"
expect_error "cannot read the boards file" suggest --boards "$tmp/none.txt"
printf '2,2,4\n' >"$tmp/bad.txt"
expect_error "bad.txt line 1: a board needs 16 tile values, got 3" suggest --boards "$tmp/bad.txt"

# Ten full games at depth 2, every move checked against the reference rules.
if "$AI2048" selfplay --eval heuristic --games 10 --seed 1 --depth 2 --jobs 2 --trace "$tmp/t.jsonl" \
    >"$tmp/games.jsonl" 2>/dev/null; then
  "$TRACE_CHECK" "$tmp/t.jsonl" "$tmp/games.jsonl" 10 || fails=$((fails + 1))
  grep -q '"summary":true,"games":10' "$tmp/games.jsonl" || { echo "FAIL: no summary line"; fails=$((fails + 1)); }
else
  echo "FAIL: selfplay exited with an error"; fails=$((fails + 1))
fi

# Every player against the random and the evil spawner: full games the reference rules accept.
for pair in "minimax random --depth 1" "montecarlo random --playouts 2 --playout-depth 20" \
            "greedy evil --evil-depth 2" "corner random" "expectimax evil --depth 1"; do
  set -- $pair
  player=$1 spawner=$2; shift 2
  if "$AI2048" selfplay --games 3 --seed 5 --jobs 2 --player "$player" --spawner "$spawner" "$@" \
      --trace "$tmp/p.jsonl" >"$tmp/p_games.jsonl" 2>/dev/null; then
    "$TRACE_CHECK" "$tmp/p.jsonl" "$tmp/p_games.jsonl" 3 || { echo "FAIL: trace of $pair"; fails=$((fails + 1)); }
    grep -q "\"summary\":true,\"games\":3,.*\"player\":\"$player\",\"spawner\":\"$spawner\"[,}]" "$tmp/p_games.jsonl" ||
      { echo "FAIL: summary of $pair: $(tail -1 "$tmp/p_games.jsonl")"; fails=$((fails + 1)); }
  else
    echo "FAIL: selfplay $pair exited with an error"; fails=$((fails + 1))
  fi
done

# The same seed and player give the same games (Monte Carlo draws from its seed).
a=$("$AI2048" selfplay --games 2 --seed 9 --player montecarlo --playouts 3 2>/dev/null | grep -v summary | sed 's/"seconds".*//')
b=$("$AI2048" selfplay --games 2 --seed 9 --player montecarlo --playouts 3 --jobs 2 2>/dev/null | grep -v summary | sort | sed 's/"seconds".*//')
[ "$(echo "$a" | sort)" = "$b" ] || { echo "FAIL: montecarlo games differ: $a / $b"; fails=$((fails + 1)); }

# With the network and no budget, selfplay plays the page default's node twin
# (--nodes 130000 --phase on --max-depth 3), and says so on stderr; harvest
# keeps depth 2. The cap shows within 400 moves: uncapped, the twin plays others.
game_of() { "$AI2048" "$@" --seed 4 --max-moves 400 2>/dev/null | grep -v summary | sed 's/"seconds".*"nodes"/"nodes"/'; }
twin=$(game_of selfplay --nodes 130000 --phase on --max-depth 3)
[ -n "$twin" ] && [ "$(game_of selfplay)" = "$twin" ] && [ "$(game_of selfplay --depth 2)" != "$twin" ] &&
  [ "$(game_of selfplay --nodes 130000 --phase on)" != "$twin" ] ||
  { echo "FAIL: selfplay's default is not the page's twin: $(game_of selfplay) / $twin"; fails=$((fails + 1)); }
"$AI2048" selfplay --max-moves 1 2>&1 >/dev/null | grep -q "the page default's twin, --nodes 130000 --phase on --max-depth 3" ||
  { echo "FAIL: selfplay does not say it plays the twin"; fails=$((fails + 1)); }
[ "$("$AI2048" harvest --tile 64 --seed 4 2>/dev/null)" = "$("$AI2048" harvest --tile 64 --seed 4 --depth 2 2>/dev/null)" ] ||
  { echo "FAIL: harvest's default is not depth 2"; fails=$((fails + 1)); }

# 8402: a person types the tiles; a taken cell and a bad value are refused and
# asked again; two tiles open the game, two follow moves 1 and 2, and move 3
# finds the input at its end.
printf '0 2\n0 2\n5 3\n15 2\n0 2\n1 4\n' |
  "$AI2048" selfplay --player corner --spawner human >"$tmp/h.jsonl" 2>"$tmp/h.err"
grep -q '"moves":3,.*"stopped":"the person placed no tile"' "$tmp/h.jsonl" ||
  { echo "FAIL: human game: $(cat "$tmp/h.jsonl")"; fails=$((fails + 1)); }
grep -q "cell 0 is not empty (it holds a 2)" "$tmp/h.err" && grep -q "a 2 or a 4, got 3" "$tmp/h.err" ||
  { echo "FAIL: human game errors: $(cat "$tmp/h.err")"; fails=$((fails + 1)); }

# The arena: a table row and a JSON line per player, on the same seeds.
arena=$("$AI2048" arena --games 2 --players greedy,corner,minimax --minimax-depth 1 --spawner evil 2>/dev/null)
for p in greedy corner minimax; do
  echo "$arena" | grep -q "^$p " || { echo "FAIL: arena has no $p row: $arena"; fails=$((fails + 1)); }
  echo "$arena" | grep -q "{\"arena\":true,\"player\":\"$p\",.*\"spawner\":\"evil\",\"games\":2," ||
    { echo "FAIL: arena has no $p line: $arena"; fails=$((fails + 1)); }
done

# The late-game benchmark: harvest stops each game at its first tile T and
# prints that board; selfplay --from plays one game from each and reports the
# share that doubled the largest tile; --census says where the large tiles stood.
"$AI2048" harvest --tile 256 --games 4 --seed 2 --jobs 2 --eval heuristic --depth 1 >"$tmp/h256.txt" 2>/dev/null
if [ "$(grep -c . "$tmp/h256.txt")" -lt 3 ] || grep -vq '^\([0-9]*,\)\{15\}[0-9]*$' "$tmp/h256.txt" ||
    [ "$(grep -c '\b256\b' "$tmp/h256.txt")" != "$(grep -c . "$tmp/h256.txt")" ] || grep -q '512' "$tmp/h256.txt"; then
  echo "FAIL: harvest printed: $(cat "$tmp/h256.txt")"; fails=$((fails + 1))
fi
n=$(grep -c . "$tmp/h256.txt")
"$AI2048" selfplay --from "$tmp/h256.txt" --eval heuristic --depth 1 --jobs 2 --census >"$tmp/from.jsonl" 2>/dev/null
grep -q "\"summary\":true,\"games\":$n,.*\"from\":$n,\"conversion\":[01]" "$tmp/from.jsonl" ||
  { echo "FAIL: selfplay --from: $(cat "$tmp/from.jsonl")"; fails=$((fails + 1)); }
grep -q '{"census":true,"positions":[1-9][0-9]*,"shape":{"snake":' "$tmp/from.jsonl" ||
  { echo "FAIL: no census: $(cat "$tmp/from.jsonl")"; fails=$((fails + 1)); }
echo "2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,3" >"$tmp/bad_boards.txt"
expect_error "bad_boards.txt line 1: bad tile value 3" selfplay --from "$tmp/bad_boards.txt"
expect_error "cannot read the boards file" selfplay --from "$tmp/none.txt"
expect_error "--tile must be a power of two from 4 to 65536" harvest --tile 300
# harvest --from goes on from those boards to the next tile: each line it prints
# has a 512 (heuristic, depth 2 makes 512 from most 256 boards).
"$AI2048" harvest --from "$tmp/h256.txt" --tile 512 --eval heuristic --depth 2 --jobs 2 >"$tmp/h512.txt" 2>"$tmp/h512.err"
if [ "$(grep -c . "$tmp/h512.txt")" -lt 1 ] || grep -vq '^\([0-9]*,\)\{15\}[0-9]*$' "$tmp/h512.txt" ||
    [ "$(grep -c '\b512\b' "$tmp/h512.txt")" != "$(grep -c . "$tmp/h512.txt")" ]; then
  echo "FAIL: harvest --from printed: $(cat "$tmp/h512.txt")"; fails=$((fails + 1))
fi
# It names the games that made it (the boards' lines): as many as it printed, and
# the first of them, played alone from its line with its seed, makes the same board.
made=$(sed -n 's/^harvest: the games that made it, from 1: //p' "$tmp/h512.err")
first=${made%% *}
sed -n "${first}p" "$tmp/h256.txt" >"$tmp/one256.txt"
if [ "$(echo "$made" | wc -w)" != "$(grep -c . "$tmp/h512.txt")" ] ||
    [ "$("$AI2048" harvest --from "$tmp/one256.txt" --seed "$first" --tile 512 --eval heuristic --depth 2 2>/dev/null)" != \
      "$(head -1 "$tmp/h512.txt")" ]; then
  echo "FAIL: harvest named the games \"$made\" for $(grep -c . "$tmp/h512.txt") boards"; fails=$((fails + 1))
fi
# Each game's outcome on stderr as it ends (a run stopped early keeps them): one
# line a board, and those that made the 512 are the games the last line names.
each_made=$(sed -n 's/^harvest: game \([0-9]*\) made a 512 ([0-9]* moves)$/\1/p' "$tmp/h512.err" | sort -n | tr '\n' ' ')
each_total=$(grep -c '^harvest: game [0-9]* \(made a 512\|ended at [0-9]*\) ([0-9]* moves)$' "$tmp/h512.err")
if [ "$each_made" != "$made " ] || [ "$each_total" != "$(grep -c . "$tmp/h256.txt")" ]; then
  echo "FAIL: harvest's game lines: made \"$each_made\" of $each_total, against \"$made\""; fails=$((fails + 1))
fi

# Endgame tables: a small one built, described, and played with; bad tables refused.
if "$AI2048" tables build --target 32 --dir "$tmp/t32" --threads 2 >"$tmp/t32.out" 2>/dev/null; then
  grep -q '"formation":"snake","target":32,"layers":[0-9]*,"states":787447,' "$tmp/t32.out" ||
    { echo "FAIL: tables build printed: $(cat "$tmp/t32.out")"; fails=$((fails + 1)); }
  "$AI2048" tables info "$tmp/t32" | grep -q '"target":32,.*"startRate":0\.6' ||
    { echo "FAIL: tables info: $("$AI2048" tables info "$tmp/t32")"; fails=$((fails + 1)); }
  "$AI2048" selfplay --from "$tmp/h256.txt" --eval heuristic --depth 1 --tables "$tmp" >"$tmp/tf.jsonl" 2>/dev/null
  grep -q '"conversion":.*"tables":1}' "$tmp/tf.jsonl" || { echo "FAIL: --tables: $(cat "$tmp/tf.jsonl")"; fails=$((fails + 1)); }
else
  echo "FAIL: tables build exited with an error"; fails=$((fails + 1))
fi
expect_error "is no table file or directory and holds none" selfplay --tables "$tmp/none"
expect_error "--target must be 32, 64, 128, 256, 512 or 1024, got 100" tables build --target 100 --dir "$tmp/x"
expect_error "unknown formation \"hexagon\" (snake, block, snake-end, snake5)" tables build --formation hexagon --dir "$tmp/x"
expect_error "is no table file or directory and holds none" tables info "$tmp/none"
expect_error "--table-margin and --table-min-rate need --tables" selfplay --eval heuristic --table-margin 0.1
expect_error '--tables takes on, off or a list of table paths, got ""' suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --tables ''
expect_error '--tables takes on, off or a list of table paths, got "off,"' selfplay --tables off,
AI2048_TABLES="$tmp/none" expect_error "--tables on: the shipped table file $tmp/none is missing" \
  suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --tables on
# The request's tables field: on a late board the shipped tables cover, where the
# heuristic's search alone plays right, --tables on plays the table's down with its
# rate; --tables off (the heuristic's default) the search's right, with no rate.
late=2,4,4,16384,4,2,64,4096,2,4,256,2048,2,32,512,1024
on=$("$AI2048" suggest "$late" --eval heuristic --depth 2 --tables on)
off=$("$AI2048" suggest "$late" --eval heuristic --depth 2 --tables off)
plain=$("$AI2048" suggest "$late" --eval heuristic --depth 2)
echo "$on" | grep -q '"dir":2,.*"tableRate":0\.9' || { echo "FAIL: --tables on: $on"; fails=$((fails + 1)); }
{ echo "$off" | grep -q '"dir":1,' && ! echo "$off" | grep -q tableRate; } ||
  { echo "FAIL: --tables off: $off"; fails=$((fails + 1)); }
[ "${plain%%\"ms\"*}" = "${off%%\"ms\"*}" ] ||
  { echo "FAIL: the heuristic's default is not --tables off: $plain"; fails=$((fails + 1)); }
# Distilled: the states a few games met, in one table file that plays the same way.
if "$AI2048" selfplay --from "$tmp/h256.txt" --eval heuristic --depth 1 --tables "$tmp/t32" --visits "$tmp/v.txt" \
    >/dev/null 2>&1 && "$AI2048" tables distill --tables "$tmp/t32" --visits "$tmp/v.txt" --out "$tmp/t.t2048.gz" \
    --max-states 1000 >"$tmp/d.out" 2>/dev/null; then
  grep -q '"states":[1-9][0-9]*,' "$tmp/d.out" || { echo "FAIL: distill printed: $(cat "$tmp/d.out")"; fails=$((fails + 1)); }
  "$AI2048" tables info "$tmp/t.t2048.gz" | grep -q '"formation":"snake","target":32,' ||
    { echo "FAIL: tables info of a file"; fails=$((fails + 1)); }
  # Walks of the table's own play add the states just ahead of those met.
  "$AI2048" tables distill --tables "$tmp/t32" --visits "$tmp/v.txt" --out "$tmp/w.t2048.gz" --rollouts 3 \
    --max-states 100000 >"$tmp/w.out" 2>/dev/null
  plain=$("$AI2048" tables info "$tmp/t.t2048.gz" | sed 's/.*"states":\([0-9]*\).*/\1/')
  walked=$("$AI2048" tables info "$tmp/w.t2048.gz" | sed 's/.*"states":\([0-9]*\).*/\1/')
  [ "$walked" -gt "$plain" ] || { echo "FAIL: --rollouts kept $walked states, without $plain"; fails=$((fails + 1)); }
  # --max-bytes: fewer states, until the file fits.
  half=$(($(stat -c %s "$tmp/w.t2048.gz") / 2))
  "$AI2048" tables distill --tables "$tmp/t32" --visits "$tmp/v.txt" --out "$tmp/m.t2048.gz" --rollouts 3 \
    --max-states 100000 --max-bytes "$half" >/dev/null 2>&1
  fitted=$("$AI2048" tables info "$tmp/m.t2048.gz" | sed 's/.*"states":\([0-9]*\).*/\1/')
  [ "$(stat -c %s "$tmp/m.t2048.gz")" -le "$half" ] && [ "$fitted" -gt 0 ] && [ "$fitted" -lt "$walked" ] ||
    { echo "FAIL: --max-bytes $half kept $fitted states in $(stat -c %s "$tmp/m.t2048.gz") bytes"; fails=$((fails + 1)); }
  expect_error "--weigh takes count or stake" tables distill --tables "$tmp/t32" --visits "$tmp/v.txt" \
    --out "$tmp/x.t2048.gz" --weigh often
  expect_error "--max-states has 2 counts for 1 tables" tables distill --tables "$tmp/t32" --visits "$tmp/v.txt" \
    --out "$tmp/x.t2048.gz" --max-states 10,20
  # --visits-gain: only the positions where the table's move beat the search's own
  # choice, a part of the positions every visit counts.
  "$AI2048" selfplay --from "$tmp/h256.txt" --eval heuristic --depth 1 --tables "$tmp/t32" --visits "$tmp/g.txt" \
    --visits-gain 0.005 >/dev/null 2>&1
  gained=$(wc -l <"$tmp/g.txt") all=$(wc -l <"$tmp/v.txt")
  [ "$gained" -gt 0 ] && [ "$gained" -lt "$all" ] &&
    awk 'NR == FNR { n[$1 " " $2] = $3; next } !(($1 " " $2) in n) || $3 > n[$1 " " $2] { bad++ } END { exit bad > 0 }' \
      "$tmp/v.txt" "$tmp/g.txt" ||
    { echo "FAIL: --visits-gain counted $gained lines (every visit: $all), or some no visit counted"; fails=$((fails + 1)); }
  expect_error "--visits-gain needs --visits FILE" selfplay --eval heuristic --tables "$tmp/t32" --visits-gain 0.1
  # tables probe: every board where the table chose the move in play, it answers
  # again; the distilled file fits the same boards and answers no more of them.
  "$AI2048" selfplay --from "$tmp/h256.txt" --eval heuristic --depth 1 --tables "$tmp/t32" --trace "$tmp/tt.jsonl" \
    >/dev/null 2>&1
  grep '"table":true' "$tmp/tt.jsonl" | sed 's/.*"board":\[\([0-9,]*\)\].*/\1/' >"$tmp/chosen.txt"
  n=$(grep -c . "$tmp/chosen.txt")
  [ "$n" -gt 0 ] && "$AI2048" tables probe --boards "$tmp/chosen.txt" --tables "$tmp/t32" --repeat 2 |
    grep -q "^{\"boards\":$n,\"fit\":$n,\"answered\":$n,\"answeredByTable\":\[$n\],\"nsPerProbe\":[0-9.e+]*," ||
    { echo "FAIL: tables probe of the $n boards the table chose"; fails=$((fails + 1)); }
  "$AI2048" tables probe --boards "$tmp/chosen.txt" --tables "$tmp/t.t2048.gz" --repeat 1 |
    awk -F'[:,]' -v n="$n" '{ exit !($2 == n && $4 == n && $6 <= n) }' ||
    { echo "FAIL: tables probe of the distilled file"; fails=$((fails + 1)); }
  expect_error "tables probe needs --boards FILE" tables probe --tables "$tmp/t32"
  # tables judge: the table's own moves agree with it everywhere and give away
  # nothing; the heuristic's search alone gives some chance away.
  "$AI2048" tables judge --boards "$tmp/chosen.txt" --oracle "$tmp/t32" --eval heuristic --depth 1 \
    --tables "$tmp/t32" --table-min-rate 0 >"$tmp/j_table.out"
  "$AI2048" tables judge --boards "$tmp/chosen.txt" --oracle "$tmp/t32" --eval heuristic --depth 1 \
    --tables off >"$tmp/j_off.out"
  grep -q "^{\"boards\":$n,\"compared\":$n,\"matters\":[1-9][0-9]*,\"agreed\":1,\"meanLoss\":0," "$tmp/j_table.out" &&
    grep -q '"agreed":0\.[0-9]*,"meanLoss":0\.[0-9]*[1-9]' "$tmp/j_off.out" ||
    { echo "FAIL: tables judge: $(cat "$tmp/j_table.out") / $(cat "$tmp/j_off.out")"; fails=$((fails + 1)); }
  expect_error "tables judge needs --boards FILE and --oracle LIST" tables judge --boards "$tmp/chosen.txt"
  expect_error "tables probe needs a table: --tables PATH" tables probe --boards "$tmp/chosen.txt" --tables off
  head -c 100 "$tmp/t.t2048.gz" >"$tmp/cut.t2048.gz"
  expect_error "cut.t2048.gz: " selfplay --tables "$tmp/cut.t2048.gz"
  expect_error "no N2048TBL magic" selfplay --tables "$tmp/h256.txt"
else
  echo "FAIL: selfplay --visits or tables distill exited with an error"; fails=$((fails + 1))
fi

# The network: a small one trained in seconds, searched by selfplay with every
# move checked; bad network files and options are refused with one line.
if "$AI2048" train --tuples 4x4 --games 400 --threads 2 --out "$tmp/n.n2048.gz" --log "$tmp/train.jsonl" --window 100 \
    >"$tmp/train.out" 2>/dev/null; then
  grep -q '"games":400,' "$tmp/train.out" || { echo "FAIL: train printed: $(cat "$tmp/train.out")"; fails=$((fails + 1)); }
  grep -q '"averageScore":' "$tmp/train.jsonl" || { echo "FAIL: no training log"; fails=$((fails + 1)); }
  if "$AI2048" selfplay --games 2 --seed 3 --eval network --network "$tmp/n.n2048.gz" --depth 1 \
      --trace "$tmp/n.jsonl" >"$tmp/n_games.jsonl" 2>/dev/null; then
    "$TRACE_CHECK" "$tmp/n.jsonl" "$tmp/n_games.jsonl" 2 || fails=$((fails + 1))
  else
    echo "FAIL: selfplay with the network exited with an error"; fails=$((fails + 1))
  fi
  info=$("$AI2048" network "$tmp/n.n2048.gz" --out "$tmp/n2.n2048" --step 2)
  echo "$info" | grep -q '"encoding":"int16","tuples":"0123 4567 0145 1256","stages":1,"weights":262144,' ||
    { echo "FAIL: network printed: $info"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/n2.n2048" | grep -q '"step":2,' || { echo "FAIL: network --out --step"; fails=$((fails + 1)); }
  # --out writes the sparse encoding: the same weights, so the same games as
  # the file it came from at the same step; --prune drops the small weights.
  "$AI2048" network "$tmp/n.n2048.gz" --out "$tmp/n3.n2048.gz" --step 64 >/dev/null
  "$AI2048" network "$tmp/n3.n2048.gz" | grep -q '"encoding":"sparse12",' ||
    { echo "FAIL: network --out is not sparse"; fails=$((fails + 1)); }
  same() {
    "$AI2048" selfplay --games 3 --seed 5 --eval network --network "$1" --depth 1 2>/dev/null |
      grep -o '"score":[0-9]*,"maxTile":[0-9]*,"moves":[0-9]*' | sort
  }
  [[ "$(same "$tmp/n.n2048.gz")" == "$(same "$tmp/n3.n2048.gz")" ]] ||
    { echo "FAIL: the sparse file plays other games"; fails=$((fails + 1)); }
  # --log-scale: the codes on a log scale (encoding 5, a table of levels),
  # kept when the file is written again without --step, the same games then.
  "$AI2048" network "$tmp/n.n2048.gz" --out "$tmp/log.n2048.gz" --log-scale 30 >/dev/null
  "$AI2048" network "$tmp/log.n2048.gz" --out "$tmp/log2.n2048.gz" >/dev/null
  "$AI2048" network "$tmp/log2.n2048.gz" | grep -q '"encoding":"sparse12-levels",' ||
    { echo "FAIL: network --log-scale, written again, lost its levels"; fails=$((fails + 1)); }
  [[ "$(same "$tmp/log.n2048.gz")" == "$(same "$tmp/log2.n2048.gz")" ]] ||
    { echo "FAIL: the log-scale file written again plays other games"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/log.n2048.gz" --out "$tmp/log3.n2048.gz" --step 64 >/dev/null
  "$AI2048" network "$tmp/log3.n2048.gz" | grep -q '"encoding":"sparse12",' ||
    { echo "FAIL: network --step did not write a log-scale file in even steps"; fails=$((fails + 1)); }
  expect_error "give one" network "$tmp/n.n2048.gz" --out "$tmp/log4.n2048.gz" --step 2 --log-scale 30
  expect_error "--log-scale needs --out" network "$tmp/n.n2048.gz" --log-scale 30
  in_use() { "$AI2048" network "$1" | sed 's/.*"weightsInUse":\([0-9]*\).*/\1/'; }
  "$AI2048" network "$tmp/n.n2048.gz" --out "$tmp/n4.n2048.gz" --step 64 --prune 3 >/dev/null
  (($(in_use "$tmp/n4.n2048.gz") < $(in_use "$tmp/n3.n2048.gz"))) ||
    { echo "FAIL: --prune kept every weight"; fails=$((fails + 1)); }
  # --reads records the weights the searches read; --keep-read keeps only
  # those (the rest at their most common value): the same games where read.
  "$AI2048" selfplay --games 3 --seed 5 --eval network --network "$tmp/n3.n2048.gz" --depth 1 \
    --reads "$tmp/n3.reads" >/dev/null 2>"$tmp/reads.err"
  grep -q "the searches read [0-9]* of the network's 262144 weights" "$tmp/reads.err" ||
    { echo "FAIL: selfplay --reads said: $(cat "$tmp/reads.err")"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/n3.n2048.gz" --out "$tmp/n5.n2048.gz" --step 64 --keep-read "$tmp/n3.reads" >/dev/null
  (($(in_use "$tmp/n5.n2048.gz") < $(in_use "$tmp/n3.n2048.gz"))) ||
    { echo "FAIL: --keep-read kept every weight"; fails=$((fails + 1)); }
  [[ "$(same "$tmp/n3.n2048.gz")" == "$(same "$tmp/n5.n2048.gz")" ]] ||
    { echo "FAIL: the read weights alone play other games"; fails=$((fails + 1)); }
  # --blend averages two networks weight by weight: share 0 plays as the first,
  # share 1 as the second, and half-way values each afterstate at the mean of
  # the two values. (All in steps of 1, so shares 0 and 1 keep the weights.)
  # Both trained on one thread from fixed seeds, so each run blends the same two
  # networks, and written at step 1: at the trainer's default step (64) values
  # this small take a few dozen levels, and two networks read alike on a board
  # often enough to fail the differences asserted below now and then.
  "$AI2048" train --tuples 4x4 --games 400 --threads 1 --seed 9 --step 1 --out "$tmp/m.n2048.gz" >/dev/null 2>&1
  "$AI2048" train --tuples 4x4 --games 400 --threads 1 --seed 3 --step 1 --out "$tmp/n1.n2048.gz" >/dev/null 2>&1
  for share in 0 1 0.5; do
    "$AI2048" network "$tmp/n1.n2048.gz" --out "$tmp/b$share.n2048.gz" --step 1 \
      --blend "$tmp/m.n2048.gz" --share "$share" >/dev/null
  done
  [[ "$(same "$tmp/b0.n2048.gz")" == "$(same "$tmp/n1.n2048.gz")" ]] ||
    { echo "FAIL: --blend at share 0 plays other games than the first network"; fails=$((fails + 1)); }
  [[ "$(same "$tmp/b1.n2048.gz")" == "$(same "$tmp/m.n2048.gz")" ]] ||
    { echo "FAIL: --blend at share 1 plays other games than the second network"; fails=$((fails + 1)); }
  [[ "$(same "$tmp/n1.n2048.gz")" != "$(same "$tmp/m.n2048.gz")" ]] ||
    { echo "FAIL: the two networks to blend play the same games"; fails=$((fails + 1)); }
  values() { # each move's gain plus its afterstate's value, linear in the weights
    "$AI2048" suggest "${2:-2,2,0,0,4,0,0,0,8,0,0,0,16,0,0,2}" --eval network --depth 0 --network "$1" |
      sed 's/.*"values":\[\([^]]*\)\].*/\1/'
  }
  weighted_mean() { # A B M WA WB: each value of M within 16 of (WA x A + WB x B) / (WA + WB)
    awk -v a="$1" -v b="$2" -v m="$3" -v wa="$4" -v wb="$5" 'BEGIN {
      split(a, x, ","); split(b, y, ","); split(m, z, ","); ok = 1
      for (i = 1; i <= 4; ++i) { d = z[i] - (wa * x[i] + wb * y[i]) / (wa + wb); ok = ok && d <= 16 && d >= -16 }
      exit !ok }'
  }
  a=$(values "$tmp/n1.n2048.gz") b=$(values "$tmp/m.n2048.gz") mid=$(values "$tmp/b0.5.n2048.gz")
  [ "$a" != "$b" ] && weighted_mean "$a" "$b" "$mid" 1 1 ||
    { echo "FAIL: the half-way blend's values $mid are not the means of $a and $b"; fails=$((fails + 1)); }
  # Several --blend files: the mean of all in equal shares, so the first network,
  # the second and the second again weigh the second two thirds.
  "$AI2048" network "$tmp/n1.n2048.gz" --out "$tmp/b3.n2048.gz" --step 1 \
    --blend "$tmp/m.n2048.gz,$tmp/m.n2048.gz" >/dev/null
  three=$(values "$tmp/b3.n2048.gz")
  weighted_mean "$a" "$b" "$three" 1 2 ||
    { echo "FAIL: the three-way blend's values $three are not (a + 2b) / 3 of $a and $b"; fails=$((fails + 1)); }
  expect_error "--share goes with one --blend file" network "$tmp/n3.n2048.gz" --out "$tmp/b.n2048.gz" \
    --blend "$tmp/m.n2048.gz,$tmp/m.n2048.gz" --share 0.5
  expect_error "an empty path" network "$tmp/n3.n2048.gz" --out "$tmp/b.n2048.gz" --blend "$tmp/m.n2048.gz,"
  "$AI2048" train --tuples "0123 4567" --games 10 --threads 1 --out "$tmp/two.n2048.gz" >/dev/null 2>&1
  expect_error "has other tuples or stages" network "$tmp/n3.n2048.gz" --out "$tmp/b.n2048.gz" --blend "$tmp/two.n2048.gz"
  # --graft: a stage from the tile T up with a second network's weights; each
  # network values its part of the game as it does alone.
  "$AI2048" network "$tmp/n1.n2048.gz" --out "$tmp/g.n2048.gz" --step 1 --graft "$tmp/m.n2048.gz" \
    --graft-from 512 | grep -q '"stages":2,' || { echo "FAIL: --graft did not add a stage"; fails=$((fails + 1)); }
  early=2,2,0,0,4,0,0,0,8,0,0,0,16,0,0,2 late=2,2,0,0,4,0,0,0,8,0,0,0,512,0,0,2
  [[ "$(values "$tmp/g.n2048.gz" $early)" == "$(values "$tmp/n1.n2048.gz" $early)" ]] ||
    { echo "FAIL: the grafted network values an early board otherwise than its first network"; fails=$((fails + 1)); }
  [[ "$(values "$tmp/g.n2048.gz" $late)" == "$(values "$tmp/m.n2048.gz" $late)" ]] ||
    { echo "FAIL: the grafted network values a late board otherwise than its second network"; fails=$((fails + 1)); }
  [[ "$(values "$tmp/n1.n2048.gz" $late)" != "$(values "$tmp/m.n2048.gz" $late)" ]] ||
    { echo "FAIL: the two networks to graft value the late board alike"; fails=$((fails + 1)); }
  expect_error "has other tuples" network "$tmp/n3.n2048.gz" --out "$tmp/g2.n2048.gz" --graft "$tmp/two.n2048.gz"
  expect_error "both networks must have one stage" network "$tmp/g.n2048.gz" --out "$tmp/g2.n2048.gz" --graft "$tmp/m.n2048.gz"
  expect_error "--graft-from takes a tile value" network "$tmp/n3.n2048.gz" --out "$tmp/g2.n2048.gz" \
    --graft "$tmp/m.n2048.gz" --graft-from 500
  expect_error "--graft-from needs --graft" network "$tmp/n3.n2048.gz" --out "$tmp/g2.n2048.gz" --graft-from 512
  expect_error "--graft needs --out" network "$tmp/n3.n2048.gz" --graft "$tmp/m.n2048.gz"
  expect_error "--blend needs --out" network "$tmp/n3.n2048.gz" --blend "$tmp/m.n2048.gz"
  expect_error "--share needs --blend" network "$tmp/n3.n2048.gz" --out "$tmp/b.n2048.gz" --share 0.5
  expect_error "--share" network "$tmp/n3.n2048.gz" --out "$tmp/b.n2048.gz" --blend "$tmp/m.n2048.gz" --share 2
  expect_error "--reads records the network's weights" selfplay --games 1 --eval heuristic --reads "$tmp/h.reads"
  expect_error "not a reads file" network "$tmp/n3.n2048.gz" --out "$tmp/n6.n2048.gz" --keep-read "$tmp/n3.n2048.gz"
  expect_error "--keep-read needs --out" network "$tmp/n3.n2048.gz" --keep-read "$tmp/n3.reads"
  # $AI2048_NETWORK names the default network; with it and no budget: depth 2.
  out=$(AI2048_NETWORK="$tmp/n.n2048.gz" "$AI2048" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0)
  echo "$out" | grep -q '"depth":2,' || { echo "FAIL: default network suggest: $out"; fails=$((fails + 1)); }
  # With the network, the table file ($AI2048_TABLES, else the shipped one) by default.
  AI2048_NETWORK="$tmp/n.n2048.gz" AI2048_TABLES="$tmp/t.t2048.gz" "$AI2048" selfplay --games 1 --max-moves 5 |
    grep -q '"tables":1}' || { echo "FAIL: no default table file with the network"; fails=$((fails + 1)); }
  AI2048_NETWORK="$tmp/n.n2048.gz" AI2048_TABLES="$tmp/t.t2048.gz" "$AI2048" selfplay --games 1 --max-moves 5 \
    --tables off | grep -q '"tables"' && { echo "FAIL: --tables off kept a table"; fails=$((fails + 1)); }
  out=$(AI2048_NETWORK="$tmp/none" "$AI2048" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0)
  echo "$out" | grep -q '"depth":3,' || { echo "FAIL: no network, heuristic default: $out"; fails=$((fails + 1)); }
  # A late-game stage: the weights promoted into two stages, trained from the first 512.
  "$AI2048" train --from "$tmp/n.n2048.gz" --stages 512 --start-tile 512 --games 40 --threads 1 \
      --out "$tmp/late.n2048.gz" >"$tmp/late.out" 2>"$tmp/late.err" ||
    { echo "FAIL: late-game train: $(cat "$tmp/late.err")"; fails=$((fails + 1)); }
  grep -q 'weights promoted into 2 stages' "$tmp/late.err" || { echo "FAIL: no promotion: $(cat "$tmp/late.err")"; fails=$((fails + 1)); }
  grep -q '"stages":2,' "$tmp/late.out" || { echo "FAIL: late-game train printed: $(cat "$tmp/late.out")"; fails=$((fails + 1)); }
  # Carousel shaping: the starts cycle through new games and the first 256s.
  "$AI2048" train --from "$tmp/n.n2048.gz" --carousel 256 --games 40 --threads 1 --window 10 \
      --out "$tmp/carousel.n2048.gz" >"$tmp/carousel.out" 2>"$tmp/carousel.err" ||
    { echo "FAIL: carousel train: $(cat "$tmp/carousel.err")"; fails=$((fails + 1)); }
  grep -q 'carousel shaping: starts cycle through a new game and the first 256' "$tmp/carousel.err" ||
    { echo "FAIL: carousel train said: $(cat "$tmp/carousel.err")"; fails=$((fails + 1)); }
  # Redundant tuples: trained beside the large ones, kept in the checkpoint,
  # folded into them by --out and by network --fold alike.
  "$AI2048" train --from "$tmp/n.n2048.gz" --redundant "012 45" --games 40 --threads 1 --step 1 \
      --checkpoint "$tmp/red.bin" --out "$tmp/red.n2048.gz" >"$tmp/red.out" 2>"$tmp/red.err" ||
    { echo "FAIL: redundant train: $(cat "$tmp/red.err")"; fails=$((fails + 1)); }
  grep -q '"redundant":2,' "$tmp/red.out" || { echo "FAIL: redundant train printed: $(cat "$tmp/red.out")"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/red.bin" | grep -q '"tuples":"0123 4567 0145 1256 012 45",' ||
    { echo "FAIL: the checkpoint lost its redundant tuples"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/red.n2048.gz" | grep -q '"tuples":"0123 4567 0145 1256",' ||
    { echo "FAIL: train --out did not fold the redundant tuples"; fails=$((fails + 1)); }
  "$AI2048" network "$tmp/red.bin" --out "$tmp/redf.n2048.gz" --step 1 --fold | grep -q '"tuples":"0123 4567 0145 1256",' ||
    { echo "FAIL: network --fold did not fold"; fails=$((fails + 1)); }
  [[ "$(values "$tmp/redf.n2048.gz")" == "$(values "$tmp/red.n2048.gz")" ]] ||
    { echo "FAIL: network --fold values boards otherwise than train --out"; fails=$((fails + 1)); }
  [[ "$(values "$tmp/red.n2048.gz")" != "$(values "$tmp/n.n2048.gz")" ]] ||
    { echo "FAIL: the redundant run learnt nothing"; fails=$((fails + 1)); }
  expect_error "--redundant: redundant tuple 89ab must lie inside" train --tuples "0123 4567" \
    --redundant 89ab --games 1 --out "$tmp/x.n2048"
  expect_error "--fold needs --out" network "$tmp/n.n2048.gz" --fold
  head -c 1000 "$tmp/n.n2048.gz" >"$tmp/cut.n2048.gz"
  expect_error "network file" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --eval network --network "$tmp/cut.n2048.gz"
  echo "not a network at all, just some words to fill forty bytes" >"$tmp/words.n2048"
  expect_error "no N2048NET magic" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --network "$tmp/words.n2048"
else
  echo "FAIL: train exited with an error"; fails=$((fails + 1))
fi
expect_error "cannot open network file" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --eval network --network "$tmp/none"

# Checkpoints (training/checkpoint.h): each of the three files is versioned and
# checksummed, and --resume refuses one with a flipped byte.
flip_middle_byte() {  # flip_middle_byte FILE: one bit of its middle byte
  local off=$(($(stat -c %s "$1") / 2))
  local byte=$(dd if="$1" bs=1 skip="$off" count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
  printf "\\$(printf %03o $((byte ^ 4)))" | dd of="$1" bs=1 seek="$off" count=1 conv=notrunc 2>/dev/null
}
ck="$tmp/ck.n2048"
train_ck() { "$AI2048" train --tuples 4x4 --threads 1 --coherence --checkpoint "$ck" "$@"; }
if train_ck --games 50 >/dev/null 2>&1 && train_ck --games 80 --resume >/dev/null 2>"$tmp/resume.err"; then
  grep -q "coherence sums resumed" "$tmp/resume.err" ||
    { echo "FAIL: resume: $(cat "$tmp/resume.err")"; fails=$((fails + 1)); }
  for part in "" .coherence .progress; do
    cp "$ck$part" "$tmp/kept"
    flip_middle_byte "$ck$part"
    train_ck --games 90 --resume >/dev/null 2>"$tmp/err"
    status=$?
    if [ "$status" -ne 2 ] || ! tail -1 "$tmp/err" | grep -q "checksum"; then
      echo "FAIL: a damaged checkpoint$part -> status $status, stderr: $(cat "$tmp/err")"; fails=$((fails + 1))
    fi
    cp "$tmp/kept" "$ck$part"
  done
  train_ck --games 90 --resume >/dev/null 2>&1 || { echo "FAIL: a restored checkpoint does not resume"; fails=$((fails + 1)); }
else
  echo "FAIL: train --checkpoint exited with an error"; fails=$((fails + 1))
fi
expect_error "--eval must be heuristic or network" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --eval magic
expect_error "--downgrade must be on or off" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --downgrade maybe
expect_error "--downgrade applies to --eval network only" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --eval heuristic --downgrade off
expect_error "give a limit" train --out "$tmp/x.n2048"
expect_error "cells are hex digits 0-f" train --games 1 --tuples zz --out "$tmp/x.n2048"
expect_error "--lambda must be a number from 0" train --games 1 --lambda 2 --out "$tmp/x.n2048"
expect_error "--forward learns TD(0): leave --lambda out" train --games 1 --forward --lambda 0.5 --out "$tmp/x.n2048"
expect_error "--start-tile takes a tile value from 4 to 32768" train --games 1 --start-tile 100 --out "$tmp/x.n2048"
expect_error "--carousel takes tile values from 2 to 32768" train --games 1 --carousel 8192,100 --out "$tmp/x.n2048"
expect_error "--carousel takes its tiles in increasing order" train --games 1 --carousel 8192,4096 --out "$tmp/x.n2048"
expect_error "leave --restarts and --start-tile out" train --games 1 --carousel 8192 --restarts --out "$tmp/x.n2048"
expect_error "larger than a network file holds" train --games 1 --tuples "0123456 1234567 2345678 3456789 456789a" --out "$tmp/x.n2048"

# --help and --version answer with status 0; every command has its own usage.
# The version is package.json's, the project's one version.
package_version=$(sed -n 's/^  "version": "\([^"]*\)",$/\1/p' "$(dirname "$0")/../../package.json")
version_line=$("$AI2048" --version)
case "$version_line" in
  "ai2048 $package_version ("*) ;;
  *) echo "FAIL: --version says '$version_line', package.json '$package_version'"; fails=$((fails + 1)) ;;
esac
"$AI2048" --help | grep -q 'usage: ai2048 COMMAND' || { echo "FAIL: --help"; fails=$((fails + 1)); }
for c in selfplay harvest suggest bench arena train tables network; do
  if ! out=$("$AI2048" "$c" --help 2>&1) || ! echo "$out" | grep -q "^  $c "; then
    echo "FAIL: $c --help: $out"; fails=$((fails + 1))
  fi
done
expect_error "unknown command \"bogus\" (selfplay, harvest, suggest, bench, arena, train, tables, network)" bogus

bench=$("$AI2048" bench --depth 2 --repeat 1)
echo "$bench" | grep -q '"early":{"searches":' || { echo "FAIL: bench printed: $bench"; fails=$((fails + 1)); }

[ "$fails" -eq 0 ] && echo "cli_test: all checks passed"
exit "$fails"
