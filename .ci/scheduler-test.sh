#!/usr/bin/env bash
# Runs jt warc under real schedulers the way README.md's recipes do, with
# several tasks sharing one manifest and one output directory:
#   - a Slurm job array (sbatch --array=0-3) on a single-node Slurm started
#     here on localhost, submitted twice at once (two overlapping jobs);
#   - GNU parallel, one task per input, and four identical workers;
#   - the command lines of a Kubernetes Indexed Job's pods (four indexes,
#     and a replacement pod running beside the one it replaces).
# Each run must end with every task successful, every input processed
# exactly once (the tasks' --stats: inputs minus inputs_done_earlier add
# up to the number of inputs), and an output directory byte for byte that
# of a single-process run, with no claim or temporary file left.
#
# Needs root and Debian's slurm-wlm, munge and parallel (.ci/run installs
# them). Without them it fails under CI=true and skips otherwise. Slurm's
# configuration, state, logs and munge key live in a temporary directory;
# its daemons are stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for cmd in munged slurmctld slurmd sbatch squeue scontrol parallel; do
	command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
done
if ((${#missing[@]})) || [ "$(id -u)" != 0 ]; then
	why="missing ${missing[*]:-nothing}, running as uid $(id -u)"
	if [ "${CI:-}" = true ]; then
		echo "scheduler test cannot run ($why): it needs root and Debian's slurm-wlm, munge and parallel"
		exit 1
	fi
	echo "scheduler test skipped ($why): it needs root and Debian's slurm-wlm, munge and parallel"
	exit 0
fi

work=$(mktemp -d /tmp/jt-scheduler.XXXXXX)
chmod 755 "$work" # munge's socket must be reachable by every user
daemons=()
cleanup() {
	local status=$?
	local pidfile pid pids=()
	for pidfile in "${daemons[@]}"; do
		[ -s "$pidfile" ] && pid=$(cat "$pidfile") && kill "$pid" 2>/dev/null && pids+=("$pid")
	done
	# slurmctld saves its state as it stops: wait, or it recreates $work.
	for pid in "${pids[@]}"; do
		for _ in $(seq 100); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
	done
	if [ "$status" != 0 ]; then
		for log in "$work"/slurm/*.log "$work"/logs/*; do
			[ -s "$log" ] && { echo "--- $log"; tail -n 30 "$log"; }
		done
	fi
	rm -rf "$work"
}
trap cleanup EXIT

passed=0 failed=0
pass() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

echo "building jt and 8 WARC files"
go build -o "$work/bin/jt" ./cmd/jt
export PATH="$work/bin:$PATH"
go run ./scripts/mkwarc -n 8 -records 40 -pages testdata/pages "$work/warcs"
ls "$work"/warcs/*.warc.gz >"$work/warcs.txt"
n=$(wc -l <"$work/warcs.txt")
mkdir -p "$work/logs" # jt makes the folder of --stats itself
jt warc -j 1 -o "$work/single" --manifest "$work/warcs.txt" 2>"$work/logs/single"

# check NAME DIR STATS...: the tasks of run NAME wrote DIR and the stats
# files STATS.
check() {
	local name=$1 dir=$2 once=0 earlier_all=0 claimed_all=0 f inputs earlier claimed
	shift 2
	if (($# == 0)); then
		fail "$name: no task wrote its --stats"
		return
	fi
	for f in "$@"; do
		if grep -q inputs_failed "$f"; then
			fail "$name: a task failed inputs: $(cat "$f")"
		fi
		inputs=$(grep -o '"inputs":[0-9]*' "$f" | cut -d: -f2 || true)
		earlier=$(grep -o '"inputs_done_earlier":[0-9]*' "$f" | cut -d: -f2 || true)
		claimed=$(grep -o '"inputs_claimed_elsewhere":[0-9]*' "$f" | cut -d: -f2 || true)
		once=$((once + ${inputs:-0} - ${earlier:-0}))
		earlier_all=$((earlier_all + ${earlier:-0}))
		claimed_all=$((claimed_all + ${claimed:-0}))
	done
	if [ "$once" = "$n" ]; then
		pass "$name: $# tasks processed the $n inputs exactly once between them (and found $earlier_all done, $claimed_all claimed by another task)"
	else
		fail "$name: $# tasks processed inputs $once times in all, want $n"
	fi
	if diff -r "$work/single" "$dir" >"$work/logs/$name.diff"; then
		pass "$name: output directory equals the single-process run's ($(ls "$dir" | wc -l) files)"
	else
		fail "$name: output directory differs from the single-process run's:"
		head -n 20 "$work/logs/$name.diff"
	fi
}

echo
echo "== Slurm: single node on localhost"
mkdir -p "$work/slurm/state" "$work/slurm/spool"
dd if=/dev/urandom of="$work/slurm/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/slurm/munge.key"
munged --force --socket="$work/slurm/munge.sock" --key-file="$work/slurm/munge.key" \
	--log-file="$work/slurm/munged.log" --pid-file="$work/slurm/munged.pid" --seed-file="$work/slurm/munged.seed"
daemons+=("$work/slurm/munged.pid")
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
cat >"$work/slurm/slurm.conf" <<EOF
ClusterName=jtci
SlurmctldHost=localhost
SlurmctldPort=26817
SlurmdPort=26818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/slurm/munge.sock
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/slurmctld.log
SlurmdLogFile=$work/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
# 8 CPUs whatever the machine has, so that the 8 tasks of the two jobs run
# at once and contend for the inputs; the work is light.
SlurmdParameters=config_overrides
NodeName=localhost NodeAddr=127.0.0.1 CPUs=8 RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/slurm/slurm.conf"
slurmctld
daemons+=("$work/slurm/slurmctld.pid")
slurmd -N localhost
daemons+=("$work/slurm/slurmd.pid")
for _ in $(seq 60); do
	sinfo -h -o %T 2>/dev/null | grep -qx idle && break
	sleep 1
done
sinfo

# The README's recipe, submitted twice at once: two jobs over the same
# manifest and output directory.
jobs=()
for _ in 1 2; do
	jobs+=("$(sbatch --parsable --array=0-3 --cpus-per-task=1 --output="$work/logs/slurm-%A_%a.out" \
		--wrap "jt warc -j 1 -o $work/out-slurm --manifest $work/warcs.txt --stats $work/stats/slurm-\$SLURM_ARRAY_JOB_ID-\$SLURM_ARRAY_TASK_ID.json")")
done
echo "submitted jobs ${jobs[*]}"
deadline=$((SECONDS + 180))
while [ -n "$(squeue -h -j "$(
	IFS=,
	echo "${jobs[*]}"
)" 2>/dev/null)" ]; do
	if ((SECONDS > deadline)); then
		squeue
		fail "slurm: jobs still queued or running after 180 s"
		break
	fi
	sleep 1
done
states=$(for j in "${jobs[@]}"; do scontrol -o show job "$j"; done | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' | sed 's/ .*ExitCode=/ ExitCode=/' | sort | uniq -c)
echo "$states"
if [ "$(echo "$states" | awk '{print $2, $3}')" = "JobState=COMPLETED ExitCode=0:0" ] && [ "$(echo "$states" | awk '{print $1}')" = 8 ]; then
	pass "slurm: the 8 array tasks of the two jobs completed with exit code 0"
else
	fail "slurm: array tasks did not all complete with exit code 0"
	cat "$work"/logs/slurm-*.out
fi
check slurm "$work/out-slurm" "$work"/stats/slurm-*.json

echo
echo "== GNU parallel"
# The README's recipes: one task per input, and four identical workers
# sharing the manifest through claims.
parallel -j 2 jt warc -j 1 -o "$work/out-parallel" --stats "$work/stats/parallel-{#}.json" {} :::: "$work/warcs.txt" 2>"$work/logs/parallel" &&
	pass "parallel: every task exited 0" || fail "parallel: a task failed: $(cat "$work/logs/parallel")"
check parallel "$work/out-parallel" "$work"/stats/parallel-*.json
parallel -j 4 -n0 jt warc -j 1 -o "$work/out-workers" --manifest "$work/warcs.txt" --stats "$work/stats/workers-{#}.json" ::: 1 2 3 4 2>"$work/logs/workers" &&
	pass "parallel workers: every task exited 0" || fail "parallel workers: a task failed: $(cat "$work/logs/workers")"
check workers "$work/out-workers" "$work"/stats/workers-*.json

echo
echo "== Kubernetes Indexed Job: the pods' command lines"
# Four pods, JOB_COMPLETION_INDEX 0 to 3, and a replacement for pod 2
# started while the pod it replaces still runs.
pids=()
for index in 0 1 2 3 2; do
	JOB_COMPLETION_INDEX=$index jt warc -j 1 -o "$work/out-k8s" --manifest "$work/warcs.txt" --world-size 4 \
		--stats "$work/stats/k8s-${#pids[@]}.json" 2>"$work/logs/k8s-${#pids[@]}" &
	pids+=($!)
done
k8s_failed=0
for pid in "${pids[@]}"; do
	wait "$pid" || k8s_failed=$((k8s_failed + 1))
done
if [ "$k8s_failed" = 0 ]; then
	pass "kubernetes: the 5 pods exited 0"
else
	fail "kubernetes: $k8s_failed pods failed: $(cat "$work"/logs/k8s-*)"
fi
check kubernetes "$work/out-k8s" "$work"/stats/k8s-*.json

echo
echo "scheduler: $passed passed, $failed failed"
[ "$failed" = 0 ]
