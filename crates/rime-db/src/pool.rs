//! A small bounded connection pool: idle connections in a vector (most recently used first out,
//! so the pool shrinks back naturally), a count of open connections capped at the limit, and a
//! condition variable to wait — for a bounded time — when all are in use.
//!
//! Lighter than r2d2 (no background thread) and shared by both drivers.

use crate::error::database_error;
use crate::{Connection, Datasource, DatasourceConfig};
use parking_lot::{Condvar, Mutex};
use rime_runtime::CfResult;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a driver makes, checks and recycles its connections.
pub(crate) trait Manage: Send + Sync + 'static {
    type Conn: Connection + 'static;
    fn connect(&self) -> CfResult<Self::Conn>;
    /// Cheap check before handing out an idle connection.
    fn is_valid(&self, conn: &mut Self::Conn) -> bool;
    /// Make a returned connection clean for the next user (roll back an open transaction);
    /// `false` discards it.
    fn recycle(&self, conn: &mut Self::Conn) -> bool;
}

struct State<C> {
    /// Idle connections with the moment they were returned, oldest first.
    idle: Vec<(C, Instant)>,
    /// Connections that exist: idle, in use, or being opened.
    open: usize,
}

struct Inner<M: Manage> {
    name: String,
    manager: M,
    state: Mutex<State<M::Conn>>,
    available: Condvar,
    max: usize,
    wait: Duration,
    idle_timeout: Option<Duration>,
}

pub(crate) struct Pool<M: Manage> {
    inner: Arc<Inner<M>>,
}

impl<M: Manage> Pool<M> {
    /// A pool sized and timed by the datasource's settings.
    pub fn new(config: &DatasourceConfig, manager: M) -> Pool<M> {
        Pool {
            inner: Arc::new(Inner {
                name: config.name.clone(),
                manager,
                state: Mutex::new(State {
                    idle: Vec::new(),
                    open: 0,
                }),
                available: Condvar::new(),
                max: config.connection_limit.max(1),
                wait: config.wait_timeout,
                idle_timeout: config.idle_timeout,
            }),
        }
    }

    /// A connection: an idle one, a new one while under the limit, or — when all are in use —
    /// the first one returned within the wait timeout.
    pub fn get(&self) -> CfResult<Pooled<M>> {
        let inner = &self.inner;
        let deadline = Instant::now() + inner.wait;
        let mut st = inner.state.lock();
        loop {
            // Close connections idle too long (the oldest sit at the front).
            if let Some(limit) = inner.idle_timeout {
                let stale = st
                    .idle
                    .iter()
                    .take_while(|(_, at)| at.elapsed() > limit)
                    .count();
                if stale > 0 {
                    let old: Vec<_> = st.idle.drain(..stale).collect();
                    st.open -= stale;
                    drop(st);
                    drop(old);
                    st = inner.state.lock();
                    continue;
                }
            }
            if let Some((mut conn, _)) = st.idle.pop() {
                drop(st);
                if inner.manager.is_valid(&mut conn) {
                    return Ok(Pooled {
                        conn: Some(conn),
                        pool: inner.clone(),
                    });
                }
                drop(conn);
                st = inner.state.lock();
                st.open -= 1;
                continue;
            }
            if st.open < inner.max {
                st.open += 1;
                drop(st);
                return match inner.manager.connect() {
                    Ok(conn) => Ok(Pooled {
                        conn: Some(conn),
                        pool: inner.clone(),
                    }),
                    Err(e) => {
                        let mut st = inner.state.lock();
                        st.open -= 1;
                        inner.available.notify_one();
                        Err(e)
                    }
                };
            }
            if inner.available.wait_until(&mut st, deadline).timed_out() {
                // One last look: a connection may have come back right at the deadline.
                if st.idle.is_empty() && st.open >= inner.max {
                    return Err(database_error(format!(
                        "timeout waiting for a connection to datasource [{}]: all {} connections are in use (waited {:.1} s)",
                        inner.name,
                        inner.max,
                        inner.wait.as_secs_f64()
                    )));
                }
            }
        }
    }

    /// Close the idle connections (`dbPoolClear`); connections in use go back to the pool as
    /// usual. The number closed.
    pub fn clear_idle(&self) -> usize {
        let closed: Vec<_> = {
            let mut st = self.inner.state.lock();
            let closed: Vec<_> = st.idle.drain(..).collect();
            st.open -= closed.len();
            closed
        };
        let n = closed.len();
        // Closed outside the lock: closing may wait on the server.
        drop(closed);
        self.inner.available.notify_all();
        n
    }

    /// (open, idle) connection counts, for tests and diagnostics.
    pub fn counts(&self) -> (usize, usize) {
        let st = self.inner.state.lock();
        (st.open, st.idle.len())
    }
}

/// A checked-out connection; returns to its pool when dropped.
pub(crate) struct Pooled<M: Manage> {
    conn: Option<M::Conn>,
    pool: Arc<Inner<M>>,
}

impl<M: Manage> Pooled<M> {
    fn conn(&mut self) -> CfResult<&mut M::Conn> {
        self.conn
            .as_mut()
            .ok_or_else(|| database_error("the connection was already returned to its pool"))
    }
}

impl<M: Manage> Drop for Pooled<M> {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        let keep = self.pool.manager.recycle(&mut conn);
        let mut st = self.pool.state.lock();
        if keep {
            st.idle.push((conn, Instant::now()));
        } else {
            st.open -= 1;
            drop(st);
            drop(conn);
            self.pool.available.notify_one();
            return;
        }
        drop(st);
        self.pool.available.notify_one();
    }
}

impl<M: Manage> Connection for Pooled<M> {
    fn execute(
        &mut self,
        sql: &str,
        params: &[crate::SqlParam],
        opts: &crate::QueryOptions,
    ) -> CfResult<crate::ExecResult> {
        self.conn()?.execute(sql, params, opts)
    }
    fn begin(&mut self, isolation: Option<&str>) -> CfResult<()> {
        self.conn()?.begin(isolation)
    }
    fn commit(&mut self) -> CfResult<()> {
        self.conn()?.commit()
    }
    fn rollback(&mut self, savepoint: Option<&str>) -> CfResult<()> {
        self.conn()?.rollback(savepoint)
    }
    fn savepoint(&mut self, name: &str) -> CfResult<()> {
        self.conn()?.savepoint(name)
    }
    fn in_transaction(&self) -> bool {
        self.conn.as_ref().is_some_and(|c| c.in_transaction())
    }
}

/// A datasource as every driver makes one: its definition and a pool of the driver's
/// connections.
pub(crate) struct PooledDatasource<M: Manage> {
    kind: &'static str,
    config: DatasourceConfig,
    pool: Pool<M>,
}

impl<M: Manage> PooledDatasource<M> {
    pub fn new(kind: &'static str, config: DatasourceConfig, manager: M) -> Self {
        let pool = Pool::new(&config, manager);
        PooledDatasource { kind, config, pool }
    }
}

impl<M: Manage> Datasource for PooledDatasource<M> {
    fn name(&self) -> &str {
        &self.config.name
    }
    fn kind(&self) -> &str {
        self.kind
    }
    fn connection(&self) -> CfResult<Box<dyn Connection>> {
        Ok(Box::new(self.pool.get()?))
    }
    fn config(&self) -> &DatasourceConfig {
        &self.config
    }
    fn pool_counts(&self) -> (usize, usize) {
        self.pool.counts()
    }
    fn clear_idle(&self) -> usize {
        self.pool.clear_idle()
    }
}
