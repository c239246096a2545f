<cfscript>
nl = chr(10);
TimeUnit = createObject("java", "java.util.concurrent.TimeUnit");
writeOutput(TimeUnit.SECONDS.toMillis(3) & nl);
writeOutput(TimeUnit.MILLISECONDS.toSeconds(2500) & nl);
writeOutput(TimeUnit.HOURS.toMinutes(2) & nl);
writeOutput(TimeUnit.DAYS.toHours(1) & nl);
writeOutput(TimeUnit.MINUTES.convert(7200, TimeUnit.SECONDS) & nl);
writeOutput(TimeUnit.NANOSECONDS.toMicros(5999) & nl);
writeOutput(TimeUnit.SECONDS.name() & " " & TimeUnit.MINUTES.toString() & " " & TimeUnit.HOURS.ordinal() & nl);
writeOutput(TimeUnit.valueOf("DAYS").toSeconds(1) & nl);

counter = createObject("java", "java.util.concurrent.atomic.AtomicLong").init(5);
writeOutput(counter.incrementAndGet() & " " & counter.getAndIncrement() & " " & counter.get() & nl);
writeOutput(counter.addAndGet(10) & " " & counter.decrementAndGet() & nl);
writeOutput(counter.compareAndSet(16, 100) & " " & counter.compareAndSet(1, 2) & " " & counter.get() & nl);
writeOutput((counter + 1) & " " & counter.toString() & nl);
i = createObject("java", "java.util.concurrent.atomic.AtomicInteger").init(2147483647);
writeOutput(i.incrementAndGet() & nl);
writeOutput(i.updateAndGet(function(x){ return x * 0 + 7; }) & nl);
flag = createObject("java", "java.util.concurrent.atomic.AtomicBoolean").init();
writeOutput(flag.get() & " " & flag.compareAndSet(false, true) & " " & flag.get() & nl);

q = createObject("java", "java.util.concurrent.LinkedBlockingQueue").init();
writeOutput(q.isEmpty() & " " & q.offer("a") & " " & q.add("b") & " " & q.size() & nl);
writeOutput(q.peek() & " " & q.poll() & " " & q.size() & nl);
writeOutput(q.toString() & nl);
writeOutput(isNull(q.poll()) & " " & isNull(q.poll()) & nl);
q.put("x");
writeOutput(q.take() & " " & isNull(q.poll(10, TimeUnit.MILLISECONDS)) & nl);
bounded = createObject("java", "java.util.concurrent.ArrayBlockingQueue").init(1);
writeOutput(bounded.offer(1) & " " & bounded.offer(2) & " " & bounded.remainingCapacity() & nl);
try { bounded.add(3); } catch (any e) { writeOutput(e.type & nl); }
clq = createObject("java", "java.util.concurrent.ConcurrentLinkedQueue").init();
clq.add("p"); clq.add("q");
out = [];
writeOutput(clq.drainTo(out) & " " & arrayToList(out) & " " & clq.size() & nl);
</cfscript>
